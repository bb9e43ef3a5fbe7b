// collapse(2) and collapse(3) over rectangular nests, with a reduction,
// negative and non-unit steps, lastprivate loop variables and a dynamic
// schedule: the results must equal gcc -fopenmp's.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: collapse: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define NI 13
#define NJ 7
#define NK 5
double grid[NI][NJ][NK];
long visited[NI][NJ];

int main(void) {
  double sum = 0;
  int i, j;
#pragma omp parallel for collapse(2) schedule(dynamic, 3) reduction(+:sum) lastprivate(i, j)
  for (i = 0; i < NI; i++)
    for (j = NJ - 1; j >= 0; j -= 2) {
      visited[i][j] += 1;
      sum += i * 100 + j;
    }
#pragma omp parallel
  {
#pragma omp for collapse(3)
    for (int a = 0; a < NI; a++)
      for (int b = 0; b < NJ; b++)
        for (int c = 0; c < NK; c++)
          grid[a][b][c] = a + 0.1 * b + 0.01 * c;
  }
  long visits = 0;
  double gsum = 0;
  for (int a = 0; a < NI; a++)
    for (int b = 0; b < NJ; b++) {
      visits += visited[a][b];
      for (int c = 0; c < NK; c++)
        gsum += grid[a][b][c];
    }
  printf("sum=%.1f visits=%ld gsum=%.2f i=%d j=%d\n", sum, visits, gsum, i, j);
  return 0;
}
