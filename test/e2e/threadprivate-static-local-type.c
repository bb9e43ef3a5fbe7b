// A threadprivate static local of a type the function declares itself
// (`struct tally { ... }; static struct tally t; #pragma omp threadprivate(t)`,
// an enum of its array bound, a typedef): the thread-local variable that
// parade declares at file scope came before the function, where the type
// was not declared ("invalid use of undefined type 'struct tally'" from
// gcc). Its types are now hoisted with it, in source order; in a function
// with a region (main's own) and in one without.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: threadprivate-static-local-type: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

static int count_calls(double x) {
  struct tally {
    int n;
    double sum;
  };
  enum { SLOTS = 4 };
  typedef int slot_t;
  static struct tally t;
  static slot_t seen[SLOTS];
#pragma omp threadprivate(t, seen)
  t.n++;
  t.sum += x;
  seen[t.n % SLOTS]++;
  return t.n * 10 + seen[1];
}

int main(void) {
  struct pair {
    int calls, last;
  };
  static struct pair mine;
#pragma omp threadprivate(mine)
  long bad = 0, sum = 0;
#pragma omp parallel reduction(+ : bad, sum)
  {
    for (int i = 0; i < 3; i++)
      mine.last = count_calls(0.5 * i);
    mine.calls = 3;
    /* Each thread counted its own three calls. */
    bad += mine.last + mine.calls != 34;
    sum += mine.last;
  }
  printf("bad %ld, every thread's last call %s\n", bad,
         sum == 31L * omp_get_max_threads() ? "31" : "differs");
  return 0;
}
