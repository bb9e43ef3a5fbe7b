// C that real codes contain, each once refused or miscompiled: a bool
// (a <stdbool.h> macro) as a shared local and a global, a static local
// declared through a macro, a struct local initialised from a struct
// value, malloc reached through a macro, and globals in num_threads, if
// and a schedule's chunk.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: c-idioms: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define ALLOC(n) malloc(n)
#define PERSIST static

int nthreads = 2;
int use_parallel = 1;
int chunk = 3;
bool done_flag;
struct pt {
  int x, y;
};
struct pt origin = {1, 2};

static int calls(void) {
  PERSIST int count;
  return ++count;
}

int main(void) {
  long sum = 0;
  bool flag = false;
  struct pt p = origin;
  double *v = ALLOC(100 * sizeof(double));
  for (int i = 0; i < 100; i++)
    v[i] = i;
#pragma omp parallel num_threads(nthreads) if (use_parallel) reduction(+ : sum)
  {
#pragma omp for schedule(dynamic, chunk)
    for (int i = 0; i < 100; i++)
      sum += (long)v[i] + p.x + p.y;
#pragma omp single
    {
      flag = true;
      done_flag = true;
      calls();
    }
  }
  printf("sum %ld flag %d %d calls %d\n", sum, flag, done_flag, calls());
  free(v);
  return 0;
}
