// Critical and atomic updates combined across threads (a collective, or
// deferred atomics applied later) give what C's conversions give each
// thread: an integer object updated by a non-integer value stays on the
// lock path (x *= 0.5 on an int contributed (int)0.5 = 0: x=0 where gcc
// gives 64), and x -= e contributes -(T)e, not (T)(-e), which wrapped an
// unsigned e converted to a floating or wider x (d1=1.7e10 where gcc gives
// -4). Both found by review.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: update-conversions: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

int x, y, z;
double d1, d2;
long l1, l2;
unsigned long ul;

int main(void) {
  unsigned u = 1;
  x = 1024;
  y = -1;
  z = 1000;
  ul = 100;
#pragma omp parallel num_threads(4) firstprivate(u)
  {
#pragma omp atomic
    x *= 0.5;
#pragma omp critical
    y += 0.5;
#pragma omp critical
    z = z * 0.5;
#pragma omp atomic
    d1 -= u;
#pragma omp critical
    l1 = l1 - u;
#pragma omp atomic
    ul -= u;
    for (int i = 0; i < 3; i++) {
#pragma omp atomic
      d2 -= u;
#pragma omp atomic
      l2 -= u;
    }
  }
  printf("x=%d y=%d z=%d d1=%g l1=%ld ul=%lu d2=%g l2=%ld\n", x, y, z, d1, l1, ul, d2, l2);
  return 0;
}
