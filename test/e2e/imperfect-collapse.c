// Collapsed loops with intervening code (OpenMP 5.1's imperfectly nested
// loops): the code before and after an inner loop, in the block of the
// loop around it, runs with each iteration of the collapsed loop (OpenMP
// leaves how often unspecified), so it may only compute from the outer
// variables: parallel for collapse(2) with a reduction, for collapse(3)
// with code at two depths, taskloop collapse(2), and simd collapse(2)
// with linear. gcc 12 refuses such nests, so the program checks itself
// against the same loops run serially, and the sums are written out below,
// at 1 x 2, 2 x 2 and 4 x 1.
//
// REQUIRES: translator
// RUN: %paradecc %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 4 %t | FileCheck %s
// CHECK: sum=2211750 cube=35340 tasks=33670 lin=200 wrong=0
#include <stdio.h>

int a[30][50], c[6][10][12], t[20][13];

int main(void) {
  long sum = 0;
  int wrong = 0;
#pragma omp parallel for collapse(2) reduction(+ : sum)
  for (int i = 0; i < 30; i++) {
    int row = i * 100;
    for (int j = 0; j < 50; j++) {
      a[i][j] = row + j;
      sum += a[i][j];
    }
    int unused_after = row; /* after the inner loop */
    (void)unused_after;
  }
#pragma omp parallel
  {
#pragma omp for collapse(3)
    for (int x = 0; x < 6; x++) {
      int bx = x * 1000;
      for (int y = 0; y < 10; y++) {
        int by = bx + y * 10;
        for (int z = 0; z < 12; z++)
          c[x][y][z] = by + z % 10;
      }
    }
  }
#pragma omp parallel
#pragma omp single
#pragma omp taskloop collapse(2) grainsize(7)
  for (int i = 0; i < 20; i++) {
    int base = i * i;
    for (int j = 0; j < 13; j++)
      t[i][j] = base + j;
  }
  int lin = 0;
#pragma omp simd collapse(2) linear(lin : 1)
  for (int i = 0; i < 10; i++) {
    int skip = 0;
    for (int j = 0; j < 20; j++) {
      lin++;
      skip += j;
    }
  }
  long cube = 0, tasks = 0;
  for (int i = 0; i < 30; i++)
    for (int j = 0; j < 50; j++)
      wrong += a[i][j] != i * 100 + j;
  for (int x = 0; x < 6; x++)
    for (int y = 0; y < 10; y++)
      for (int z = 0; z < 12; z++) {
        wrong += c[x][y][z] != x * 1000 + y * 10 + z % 10;
        cube += c[x][y][z] % 101;
      }
  for (int i = 0; i < 20; i++)
    for (int j = 0; j < 13; j++) {
      wrong += t[i][j] != i * i + j;
      tasks += t[i][j];
    }
  printf("sum=%ld cube=%ld tasks=%ld lin=%d wrong=%d\n", sum, cube, tasks, lin, wrong);
  return 0;
}
