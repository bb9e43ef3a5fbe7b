// The loop construct: in a parallel region (with reduction, lastprivate of
// its loop variable, collapse and order(concurrent)) it shares out its iterations over every
// node's threads like `for`; orphaned in a function a region calls, with
// bind(parallel), it binds to that region; with bind(thread) each thread
// runs all the iterations itself; inside teams it shares them over the
// league. Compared with gcc -fopenmp.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: generic-loop: all 5 configurations match gcc -fopenmp
// RUN: %translate -Rparade %s -- 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: remark: 'loop' loop: schedule STATIC
// REMARK: remark: 'loop' runs its loop in place, in order
#include <omp.h>
#include <stdio.h>

#define N 600
double x[N], y[N];
int grid[20][30], per_thread[64];

static void scale(double f) {
#pragma omp loop bind(parallel)
  for (int i = 0; i < N; i++)
    y[i] = f * x[i];
}

int main(void) {
  double sum = 0;
  int i, cells = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    x[i] = i % 17 + 0.5;
#pragma omp parallel
  {
#pragma omp loop reduction(+ : sum) lastprivate(i) order(concurrent)
    for (i = 0; i < N; i++)
      sum += x[i];
#pragma omp loop collapse(2) reduction(+ : cells)
    for (int r = 0; r < 20; r++)
      for (int c = 0; c < 30; c++) {
        grid[r][c] = r * c;
        cells++;
      }
    scale(2.0);
    int mine = 0;
#pragma omp loop bind(thread)
    for (int i = 0; i < 10; i++)
      mine += i;
    per_thread[omp_get_thread_num() % 64] = mine;
  }
  double ysum = 0;
  for (int i = 0; i < N; i++)
    ysum += y[i];
  int all45 = 1;
  for (int t = 0; t < 64; t++)
    if (per_thread[t] != 0 && per_thread[t] != 45)
      all45 = 0;
  long tsum = 0;
  static long tv[100];
#pragma omp teams num_teams(2)
  {
#pragma omp loop
    for (int k = 0; k < 100; k++)
      tv[k] = 3 * k;
  }
  for (int k = 0; k < 100; k++)
    tsum += tv[k];
  printf("sum=%.1f last=%d cells=%d grid=%d ysum=%.1f per_thread=%d tsum=%ld\n", sum, i, cells,
         grid[19][29], ysum, all45, tsum);
  return 0;
}
