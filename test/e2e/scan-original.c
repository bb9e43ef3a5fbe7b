// scan: the prefix of the first thread is the original's value, read before
// the collective prefix. On the lock path (-fparade-sync=lock) every thread
// combines its total into the original under a critical as soon as its
// second pass ends, so a first thread that read the original after the
// collective found another thread's total in it: b[0] came out as, say, 597
// instead of 96 in one run of scan.c out of sixty, and in a third of the
// repetitions here. Each repetition starts the prefixes from a new original
// and checks the first element of both scans.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: scan-original: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#define N 64
#define R 400
int a[N], b[N], c[N];
int main(void) {
  int bad_inclusive = 0, bad_exclusive = 0;
  long sum = 0;
  for (int i = 0; i < N; i++)
    a[i] = (i * 5) % 11 - 3;
  for (int r = 0; r < R; r++) {
    int s = r, t = 2 * r;
#pragma omp parallel for reduction(inscan, + : s)
    for (int i = 0; i < N; i++) {
      s += a[i];
#pragma omp scan inclusive(s)
      b[i] = s;
    }
#pragma omp parallel for reduction(inscan, + : t)
    for (int i = 0; i < N; i++) {
      c[i] = t;
#pragma omp scan exclusive(t)
      t += a[i];
    }
    if (b[0] != r + a[0])
      bad_inclusive++;
    if (c[0] != 2 * r)
      bad_exclusive++;
    sum += s + t + b[N / 2] + c[N / 2];
  }
  printf("scans whose first element is wrong: inclusive %d exclusive %d; sum %ld\n", bad_inclusive,
         bad_exclusive, sum);
  return 0;
}
