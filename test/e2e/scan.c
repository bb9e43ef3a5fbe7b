// scan: inclusive and exclusive prefixes in for and parallel for with
// reduction(inscan, ...), two variables with + and max in one loop, and a
// simd scan; the prefix starts from the original's value as gcc's does.
// Each thread's block is split across nodes, so prefixes cross ranks.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: scan: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#define N 1000
int a[N], b[N], c[N];
double d[N];
int main(void) {
  int s = 100, t = 0, m = -5;
  double x = 0;
  for (int i = 0; i < N; i++)
    a[i] = (i * 7) % 13 - 4;
#pragma omp parallel for reduction(inscan, + : s)
  for (int i = 0; i < N; i++) {
    s += a[i];
#pragma omp scan inclusive(s)
    b[i] = s;
  }
#pragma omp parallel
#pragma omp for reduction(inscan, + : t) reduction(inscan, max : m)
  for (int i = 0; i < N; i++) {
    c[i] = t * 1000 + m;
#pragma omp scan exclusive(t, m)
    t += a[i];
    if (a[i] > m)
      m = a[i];
  }
#pragma omp simd reduction(inscan, + : x)
  for (int i = 0; i < N; i++) {
    x += a[i] * 0.5;
#pragma omp scan inclusive(x)
    d[i] = x;
  }
  long cs = 0;
  for (int i = 0; i < N; i++)
    cs = cs * 31 + b[i] + 7 * c[i] + (long)(d[i] * 2);
  printf("s %d t %d m %d x %.1f b %d %d c %d %d %d d %.1f cs %ld\n", s, t, m, x, b[0], b[N - 1], c[0],
         c[1], c[N - 1], d[N - 1], cs);
  return 0;
}
