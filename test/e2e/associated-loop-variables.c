// The variables of the loops a construct is associated with are private
// even when declared outside the region: a simd's (linear, its last value
// copied out), also collapsed and orphaned over a global, a `loop
// bind(thread)`'s, and the inner loops of a doacross nest (ordered(2)
// without collapse). parade shared them, so threads raced on one counter
// and skipped or repeated iterations (DataRaceBench DRB094).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: associated-loop-variables: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define N 64
#define M 200

int a[N][M], b[N][M], c[N][M], d[N][M];
int gj;

static void fill(int *row, int v) {
#pragma omp simd
  for (gj = 0; gj < M; gj++)
    row[gj] = v + gj;
}

int main(void) {
  int i, j, k;
  long bad = 0;
#pragma omp parallel for
  for (i = 0; i < N; i++) {
#pragma omp simd
    for (j = 0; j < M; j++)
      a[i][j] = i + j;
  }
#pragma omp parallel for
  for (i = 0; i < N; i++)
    fill(b[i], i);
#pragma omp parallel for
  for (i = 0; i < N; i++) {
#pragma omp loop bind(thread)
    for (j = 0; j < M; j++)
      c[i][j] = i * j;
  }
#pragma omp parallel for
  for (k = 0; k < 4; k++) {
#pragma omp simd collapse(2)
    for (i = k * (N / 4); i < (k + 1) * (N / 4); i++)
      for (j = 0; j < M; j++)
        d[i][j] += 1;
  }
#pragma omp parallel for ordered(2)
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) {
      d[i][j] += 2;
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
#pragma omp ordered depend(source)
    }
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++)
      bad += a[i][j] != i + j || b[i][j] != i + j || c[i][j] != i * j || d[i][j] != 3;
  /* A simd's loop variable keeps the value its loop leaves. */
  j = -1;
#pragma omp simd
  for (j = 0; j < 10; j++)
    a[0][j] = 0;
  printf("bad=%ld j=%d\n", bad, j);
  return 0;
}
