// A critical mapped to a collective evaluates each thread's value outside
// any lock; it must not read what another critical of the same name, on
// the lock path, may be writing meanwhile. Here thread 1 writes y and z
// in a conditional critical (the lock path) while every thread adds y - z
// to s in a critical that was mapped to a collective: under one lock y - z
// is always 0, but the collective read y between the two writes (a
// reviewer saw 189 runs of 200 with s != 0 at 1x4). The second critical
// now takes the lock, and -Rparade says why; a value that reads only
// private data keeps the collective.
//
// REQUIRES: translator
// RUN: %translate -Rparade %s -- 2> %t.remarks > /dev/null
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %compare-with-gcc %s | FileCheck %s
// REMARK: critical-value-reads.c:[[@LINE+26]]:1: remark: critical uses the distributed lock: it is inside a conditional
// REMARK: critical-value-reads.c:[[@LINE+34]]:1: remark: critical uses the distributed lock: the value added to 's' reads 'y', which a critical or atomic of this file may write meanwhile
// REMARK: critical-value-reads.c:[[@LINE+35]]:1: remark: critical mapped to a collective
// CHECK: e2e: critical-value-reads: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

int s, y, z, t;

static void pause_us(double us) {
  double t0 = omp_get_wtime();
  while (omp_get_wtime() - t0 < us * 1e-6)
    ;
}

int main(void) {
  int bad = 0, bad_t = 0;
  for (int r = 0; r < 100; r++) {
    s = y = z = t = 0;
    int n = 0;
#pragma omp parallel
    {
#pragma omp single
      n = omp_get_num_threads();
      int mine = omp_get_thread_num() + 1;
      if (omp_get_thread_num() == 1) {
#pragma omp critical
        {
          y = r + 1;
          pause_us(500);
          z = r + 1;
        }
      } else {
        pause_us(200);
      }
#pragma omp critical
      s += y - z;
#pragma omp critical
      t += mine;
    }
    bad += s != 0;
    bad_t += t != n * (n + 1) / 2;
  }
  printf("runs where a critical saw y != z: %d of 100; wrong sums of thread numbers: %d\n", bad,
         bad_t);
  return 0;
}
