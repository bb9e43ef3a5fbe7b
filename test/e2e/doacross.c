// Doacross loops: ordered(1) with depend(sink: i - 1) and depend(source)
// (a recurrence whose result depends on the order) with static and dynamic
// schedules, an ordered(2) nest over a
// collapsed pair (a wavefront), and ordered(2) with only the outer loop
// shared, where the source point sits in the inner loop. Iterations on
// different nodes pass values through shared data. (OpenMP 5.2's
// doacross clause, which gcc 12 lacks: e2e/doacross-clause.c.)
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: doacross: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define N 200
#define M 24

double a[N], b[N];
long w[M][M], v[M][M];

int main(void) {
  a[0] = 1.0;
  b[0] = 2.0;
#pragma omp parallel for ordered(1)
  for (int i = 1; i < N; i++) {
    double x = i * 0.25;
#pragma omp ordered depend(sink : i - 1)
    a[i] = a[i - 1] * 0.5 + x;
#pragma omp ordered depend(source)
  }
#pragma omp parallel for ordered(1) schedule(dynamic, 3)
  for (int i = 1; i < N; i++) {
#pragma omp ordered depend(sink : i - 1)
    b[i] = b[i - 1] + a[i] / (i + 1);
#pragma omp ordered depend(source)
  }
  for (int j = 0; j < M; j++) {
    w[0][j] = 1;
    w[j][0] = 1;
    v[0][j] = j;
    v[j][0] = j;
  }
#pragma omp parallel for collapse(2) ordered(2)
  for (int i = 1; i < M; i++)
    for (int j = 1; j < M; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
      w[i][j] = (w[i - 1][j] + w[i][j - 1]) % 1000003;
#pragma omp ordered depend(source)
    }
#pragma omp parallel for ordered(2)
  for (int i = 1; i < M; i++)
    for (int j = 1; j < M; j++) {
#pragma omp ordered depend(sink : i - 1, j)
      v[i][j] = v[i - 1][j] * 3 + v[i][j - 1] - j;
#pragma omp ordered depend(source)
    }
  long s = 0, t = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < M; j++) {
      s = s * 7 + w[i][j];
      t = t * 5 + v[i][j];
    }
  printf("a %.6f b %.6f w %ld v %ld corner %ld\n", a[N - 1], b[N - 1], s, t, w[M - 1][M - 1]);
  return 0;
}
