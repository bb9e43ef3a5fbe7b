// linear on loops: a counter the body advances by its step (the OpenMP
// examples' pattern), a step of 2 and a pointer stepping by 3 elements on a
// combined parallel for, a collapsed nest, and the value after the loop.
// Each thread's first iteration starts from the original's value plus its
// logical iteration number times the step, on whichever node it runs.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: linear: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define N 100

float a[N], b[N + 1];
int idx[N], grid[10][10];
double base[3 * N];

int main(void) {
  int j = 0, k = 5, m = 0, i;
  double *p = base;
  for (i = 0; i < N; i++)
    a[i] = i * 1.5f;
#pragma omp parallel
#pragma omp for linear(j : 1)
  for (i = 0; i < N; i++) {
    j++;
    b[j] = a[i] * 2.0f;
  }
#pragma omp parallel for linear(k : 2) linear(p : 3)
  for (int q = 0; q < N; q++) {
    idx[q] = k;
    p[0] = q;
    p[1] = p[2] = -1;
    k += 2;
    p += 3;
  }
#pragma omp parallel for collapse(2) linear(m : 1)
  for (int x = 0; x < 10; x++)
    for (int y = 0; y < 10; y++) {
      grid[x][y] = m;
      m++;
    }
  double s = 0;
  long g = 0;
  for (int q = 0; q < 3 * N; q++)
    s += base[q] * (q % 3 + 1);
  for (int x = 0; x < 10; x++)
    for (int y = 0; y < 10; y++)
      g = g * 7 + grid[x][y];
  printf("j %d k %d p-off %ld m %d b %.1f %.1f idx %d %d s %.1f grid %ld\n", j, k,
         (long)(p - base), m, b[1], b[N], idx[0], idx[N - 1], s, g);
  return 0;
}
