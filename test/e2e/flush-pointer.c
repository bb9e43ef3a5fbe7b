// A producer writes through a pointer and flushes (flag, pointer); the
// consumer spins on the flag with the same flush, then reads through the
// pointer. OpenMP's letter flushes only the pointer variable, but gcc
// fences everything and codes rely on it: parade makes such a flush a
// full one, so the consumer (on another rank, holding a stale copy of the
// data's page) sees the data.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: flush-pointer: all {{[0-9]+}} configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define N 2048
double data[N];
int flag;

static int handoff(double *p) {
  int stale = 0;
#pragma omp parallel reduction(+ : stale)
  {
    int me = omp_get_thread_num(), last = omp_get_num_threads() - 1;
    double before = p[N / 2]; /* every thread holds a copy of the page */
#pragma omp barrier
    if (me == 0) {
      for (int i = 0; i < N; i++)
        p[i] = before + i + 1;
#pragma omp flush(flag, p)
      flag = 1;
#pragma omp flush(flag, p)
    }
    if (me == last && last > 0) {
      int seen;
      do {
#pragma omp flush(flag, p)
        seen = flag;
      } while (!seen);
      for (int i = 0; i < N; i++)
        if (p[i] != before + i + 1)
          stale++;
    }
  }
  return stale;
}

int main(void) {
  printf("stale reads: %d\n", handoff(data));
  return 0;
}
