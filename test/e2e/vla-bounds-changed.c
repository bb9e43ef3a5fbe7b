// A variable-length array keeps the size it was declared with when the
// variables of its bounds change afterwards (C11 6.7.6.2). Regions and
// tasks re-declared the array from the bounds' values at the fork, so a
// 2-D VLA's rows were read with the new stride and `sizeof` gave the new
// size: silently wrong results. They now get the array's own extents.
// Covered: a shared 2-D VLA in a region and in a task, a pointer to a VLA,
// a private VLA, and a bound given by a call (evaluated once).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: vla-bounds-changed: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>

static int calls;
static int next_width(void) { return 3 + calls++; }

static void run(int n, int m) {
  double a[n][m];
  double (*p)[m] = malloc(sizeof(double[n][m]));
  int w = next_width();
  long c[w];
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i][j] = p[i][j] = 10 * i + j;
  for (int j = 0; j < w; j++)
    c[j] = j + 1;
  int rows = n, cols = m;
  n = 1000; // the bounds change; the arrays keep their sizes
  m = 1;
  double sum = 0, psum = 0;
  long size = 0, psize = 0, priv = 0, csum = 0;
#pragma omp parallel for reduction(+ : sum, psum, csum) reduction(max : size, psize)
  for (int i = 0; i < rows; i++) {
    for (int j = 0; j < cols; j++) {
      sum += a[i][j] * (j + 1);
      psum += p[i][j] * (j + 1);
    }
    size = (long)sizeof a;
    psize = (long)sizeof *p;
    for (int j = 0; j < (int)(sizeof c / sizeof c[0]); j++)
      csum += c[j];
  }
#pragma omp parallel private(c) reduction(max : priv)
  priv = (long)sizeof c;
  double tsum = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(tsum)
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < cols; j++)
        tsum += a[i][j];
  }
  printf("sum %g psum %g sizeof a %ld *p %ld c sum %ld private c %ld task %g calls %d\n", sum,
         psum, size, psize, csum, priv, tsum, calls);
  free(p);
}

int main(void) {
  run(6, 5);
  run(3, 9);
  return 0;
}
