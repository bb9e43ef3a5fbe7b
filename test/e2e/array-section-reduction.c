// Reductions over array sections: a histogram (a[0:n] of a global array),
// a section of a heap array through a pointer (p[lo:len]), a[:n] and a[lo:]
// forms, one element (a[3]), min and max over sections, on for, parallel
// for and sections, with elements outside the section left alone.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: array-section-reduction: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>

#define N 2000
#define BINS 16

long hist[BINS];
int lo[4], hi[4];

int main(void) {
  int n = BINS;
  double *acc = malloc(40 * sizeof *acc);
  int local[10];
  for (int i = 0; i < 40; i++)
    acc[i] = -1.0;
  for (int i = 0; i < 10; i++)
    local[i] = 100 + i;
  for (int i = 0; i < 4; i++) {
    lo[i] = 1000;
    hi[i] = -1000;
  }

#pragma omp parallel for reduction(+ : hist[0 : n])
  for (int i = 0; i < N; i++)
    hist[(i * 7) % BINS] += i % 5;

#pragma omp parallel
  {
#pragma omp for reduction(+ : acc[10 : 20]) reduction(* : local[3])
    for (int i = 0; i < N; i++) {
      acc[10 + i % 20] += 0.5;
      if (i < 5)
        local[3] *= 2;
    }
#pragma omp sections reduction(min : lo[:4]) reduction(max : hi[1:])
    {
#pragma omp section
      for (int k = 0; k < 4; k++) {
        lo[k] = k * 3 < lo[k] ? k * 3 : lo[k];
        if (k > 0)
          hi[k] = k > hi[k] ? k : hi[k];
      }
#pragma omp section
      for (int k = 0; k < 4; k++) {
        lo[k] = 10 - k < lo[k] ? 10 - k : lo[k];
        if (k > 0)
          hi[k] = 7 * k > hi[k] ? 7 * k : hi[k];
      }
    }
  }

  long h = 0;
  for (int b = 0; b < BINS; b++)
    h = h * 31 + hist[b];
  double a = 0;
  for (int i = 0; i < 40; i++)
    a = a * 1.5 + acc[i];
  printf("hist %ld acc %.3f local %d %d %d\n", h, a, local[2], local[3], local[4]);
  for (int i = 0; i < 4; i++)
    printf("%d %d ", lo[i], hi[i]);
  printf("\n");
  free(acc);
  return 0;
}
