// The ordered construct runs ordered regions in iteration order across
// all threads of all ranks, with iterations that skip their ordered region,
// dynamic and static schedules, and data written inside the region (a
// release/acquire chain through the ordered lock).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: ordered: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define N 60
int order[N];
long running[N];

int main(void) {
  int pos = 0;
  long total = 0;
#pragma omp parallel for ordered schedule(dynamic, 3)
  for (int i = 0; i < N; i++) {
    long sq = (long)i * i;
    if (i % 4 != 1) {
#pragma omp ordered
      {
        order[pos++] = i;
        total += sq;
        running[i] = total;
      }
    }
  }
  int in_order = 1;
  for (int i = 1; i < pos; i++)
    in_order &= order[i] > order[i - 1];
#pragma omp parallel
  {
#pragma omp for ordered
    for (int i = N - 1; i >= 0; i -= 2) {
#pragma omp ordered
      pos -= 1;
    }
  }
  printf("in-order=%d pos=%d total=%ld running[58]=%ld\n", in_order, pos, total, running[58]);
  return 0;
}
