// lastprivate(conditional: x): the original gets the value x had after the
// last iteration (or section) that assigns it, and keeps its own value when
// none does. parade treated it as a plain lastprivate, so the original got
// the copy of the thread that ran the last iteration, assigned or not:
// z=8388608 w=0 where gcc gives z=-7 w=1. On for (static and dynamic, with
// the last assignment in the first thread's block), sections and parallel
// for; every assignment also records its iteration, and one maximum over
// all threads of all nodes picks the thread that stores its copy.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: lastprivate-conditional: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#define N 1000
int a[N];
int main(void) {
  int y = -1, z = -7, w = -9, e = -3, v = 5;
  double d = 0.5;
  for (int i = 0; i < N; i++)
    a[i] = (i * 37) % 101;
#pragma omp parallel
  {
#pragma omp for lastprivate(conditional : y, d, e)
    for (int i = 0; i < N; i++) {
      if (a[i] > 90)
        y = i;
      if (a[i] == 3)
        d = i * 0.5;
      if (i == 10)
        e = i;
    }
#pragma omp for lastprivate(conditional : z) schedule(dynamic, 7)
    for (int i = 0; i < N; i++)
      if (a[i] == 1000)
        z = i;
#pragma omp sections lastprivate(conditional : w)
    {
#pragma omp section
      w = 1;
#pragma omp section
      {
        if (a[0] == 12345)
          w = 2;
      }
    }
  }
#pragma omp parallel for lastprivate(conditional : v)
  for (int i = 0; i < N; i++)
    if (a[i] < 2)
      v = i;
  printf("y=%d d=%.1f e=%d z=%d w=%d v=%d\n", y, d, e, z, w, v);
  return 0;
}
