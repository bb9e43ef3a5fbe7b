// Reductions over array sections: a histogram (a[0:n] of a global array),
// a section of a heap array through a pointer (p[lo:len]), a[:n] and a[lo:]
// forms, one element (a[3]), min and max over sections, on for, parallel
// for and sections, with elements outside the section left alone; sections
// of two and three dimensions (whole rows of a global matrix and of a heap
// matrix through a pointer to its rows, a[i][lo:len][0:n], a[i][j][lo:len]),
// contiguous as OpenMP asks.
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

  static long grid[6][9];
  static int cube[3][4][5];
  for (int r = 0; r < 6; r++)
    for (int c = 0; c < 9; c++)
      grid[r][c] = r * 100 + c; /* outside the block: must stay */
  double(*rows)[7] = calloc(5, sizeof *rows);
  rows[0][0] = 0.5;
#pragma omp parallel for reduction(+ : grid[1:3][0:9]) reduction(max : rows[1:4][0:7])
  for (int i = 0; i < 600; i++) {
    grid[1 + i % 3][2 + i % 4] += i;
    double v = (i * 37) % 101;
    if (v > rows[1 + i % 4][i % 7])
      rows[1 + i % 4][i % 7] = v;
  }
#pragma omp parallel
  {
#pragma omp for reduction(+ : cube[1][1:2][0:5])
    for (int i = 0; i < 90; i++)
      cube[1][1 + i % 2][i % 5] += i;
#pragma omp for reduction(+ : cube[2][3][1:3])
    for (int i = 0; i < 90; i++)
      cube[2][3][1 + i % 3] += 1;
  }
  long g = 0;
  for (int r = 0; r < 6; r++)
    for (int c = 0; c < 9; c++)
      g = g * 7 + grid[r][c];
  double m = 0;
  for (int r = 0; r < 5; r++)
    for (int c = 0; c < 7; c++)
      m = m * 3 + rows[r][c];
  long q = 0;
  for (int x = 0; x < 3; x++)
    for (int y = 0; y < 4; y++)
      for (int z = 0; z < 5; z++)
        q = q * 5 + cube[x][y][z];
  printf("grid %ld rows %.1f cube %ld\n", g, m, q);
  free(rows);
  return 0;
}
