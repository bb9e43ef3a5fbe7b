// A wavefront pipeline in the style of SSOR solvers (NAS LU's sync_left and
// sync_right): each thread spins with flush on a flag its left neighbour
// raises, resets it, computes its block of the plane from the neighbour's
// fresh values, then raises its own flag. Neighbours sit on the same rank
// and on different ranks. Before a release kept its pages busy until their
// diffs were on the wire, a neighbour on the same rank could send its reset
// of the flag to the home ahead of the raise, and the home kept the flag
// raised: wrong values at 2x2.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: flag-pipeline: all {{[0-9]+}} configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>
#define NZ 30
#define NJ 64
#define NI 64
double v[NZ][NJ][NI];
double rsd[NZ][NJ][NI];
int isync[128];

static void sync_left(void) {
  int iam = omp_get_thread_num();
  if (iam > 0) {
    int neigh = iam - 1;
    while (isync[neigh] == 0) {
#pragma omp flush(isync)
    }
    isync[neigh] = 0;
#pragma omp flush(isync, v)
  }
}
static void sync_right(void) {
  int iam = omp_get_thread_num(), nt = omp_get_num_threads();
  if (iam < nt - 1) {
#pragma omp flush(isync, v)
    while (isync[iam] == 1) {
#pragma omp flush(isync)
    }
    isync[iam] = 1;
#pragma omp flush(isync)
  }
}
static void blts(int k) {
  sync_left();
#pragma omp for nowait schedule(static)
  for (int j = 1; j < NJ; j++)
    for (int i = 1; i < NI; i++)
      v[k][j][i] = 0.3 * v[k - 1][j][i] + 0.3 * v[k][j - 1][i] + 0.3 * v[k][j][i - 1] + rsd[k][j][i];
  sync_right();
}
int main(void) {
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NJ; j++)
      for (int i = 0; i < NI; i++) {
        v[k][j][i] = (k + j + i) % 5;
        rsd[k][j][i] = ((k * 7 + j * 3 + i) % 11) * 0.01;
      }
#pragma omp parallel
  {
    for (int it = 0; it < 3; it++) {
#pragma omp for schedule(static)
      for (int k = 0; k < NZ; k++)
        for (int j = 0; j < NJ; j++)
          for (int i = 0; i < NI; i++)
            rsd[k][j][i] = rsd[k][j][i] * 0.9 + 0.01 * v[k][j][i];
      for (int k = 1; k < NZ; k++)
        blts(k);
#pragma omp barrier
    }
  }
  double sum = 0;
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NJ; j++)
      for (int i = 0; i < NI; i++)
        sum += v[k][j][i] * ((k + 2 * j + 3 * i) % 17);
  printf("checksum %.10e\n", sum);
  return 0;
}
