// One single hands work on to the next: the first (nowait) waits for a
// flag that a later single sets. Every single ran on thread 0, so thread 0
// waited in the first for itself (a hang at 1x2, 2x1 and 2x2, as in the
// LLVM runtime tests' omp_single_nowait). Where threads of a region may
// wait for each other, a single now goes to the first thread to reach
// it, even when that thread's node has not reached it yet. Found by a
// helper acting as a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: single-handoff: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

int release, executed, total;

int main(void) {
#pragma omp parallel
  {
    for (int round = 0; round < 3; round++) {
#pragma omp single nowait
      {
        int r = 0;
        while (r <= round) {
#pragma omp flush
#pragma omp atomic read
          r = release;
        }
#pragma omp atomic
        executed++;
      }
#pragma omp single
      {
#pragma omp atomic write
        release = round + 1;
#pragma omp atomic
        executed++;
      }
    }
    // Singles with nothing to wait for, each run once.
    for (int k = 0; k < 20; k++) {
#pragma omp single nowait
      {
#pragma omp atomic
        total += k;
      }
    }
  }
  printf("release %d executed %d total %d\n", release, executed, total);
  return 0;
}
