// A region's arguments have no size limit a program can reach: copyin of a
// 512 KiB threadprivate array and firstprivate of a 64 KiB struct travel
// in the fork message (the runtime aborted above 4 KiB).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: large-region-args: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>

#define N 65536
static double table[N];
#pragma omp threadprivate(table)

struct block {
  int values[16384];
};

int main(void) {
  struct block b;
  for (int i = 0; i < N; i++)
    table[i] = i * 0.5;
  for (int i = 0; i < 16384; i++)
    b.values[i] = i % 7;
  long wrong = 0;
#pragma omp parallel copyin(table) firstprivate(b) reduction(+ : wrong)
  {
    for (int i = 0; i < N; i++)
      wrong += table[i] != i * 0.5;
    for (int i = 0; i < 16384; i++)
      wrong += b.values[i] != i % 7;
  }
  printf("wrong %ld\n", wrong);
  return 0;
}
