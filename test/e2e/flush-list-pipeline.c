// A flush with a list is a full flush, as gcc's is (a fence of all
// memory): NPB 2.3's LU (the RWCP OpenMP C version) hands rows of its
// pipeline from thread to thread with `flush(flag)` alone, and reads the
// data the previous thread wrote before it set its flag. Flushing only the
// listed pages left those rows stale on the next node: silently wrong.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: flush-list-pipeline: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define MAXT 16
#define ROWS 24
#define COLS 4096 /* a row is 32 KiB: many pages away from the flags */

static double v[ROWS][COLS];
static volatile int flag[MAXT];

int main(void) {
  long bad = 0;
#pragma omp parallel reduction(+ : bad)
  {
    int iam = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int k = 0; k < ROWS; k++) {
      /* sync_left: wait for the previous thread's part of this row. */
      if (iam > 0) {
        while (flag[iam - 1] == 0) {
#pragma omp flush(flag)
        }
        flag[iam - 1] = 0;
#pragma omp flush(flag)
      }
      int lo = iam * COLS / nt, hi = (iam + 1) * COLS / nt;
      double before = lo > 0 ? v[k][lo - 1] : 0;
      bad += lo > 0 && before != (double)(k * COLS + lo - 1);
      for (int j = lo; j < hi; j++)
        v[k][j] = (double)(k * COLS + j);
      /* sync_right: hand the row on. */
      if (iam < nt - 1) {
        while (flag[iam] == 1) {
#pragma omp flush(flag)
        }
        flag[iam] = 1;
#pragma omp flush(flag)
      }
    }
  }
  double sum = 0;
  for (int k = 0; k < ROWS; k++)
    for (int j = 0; j < COLS; j++)
      sum += v[k][j];
  printf("bad %ld sum %.0f\n", bad, sum);
  return 0;
}
