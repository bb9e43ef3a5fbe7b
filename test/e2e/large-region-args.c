// A region's arguments have no size limit a program can reach: copyin of a
// 512 KiB threadprivate array and firstprivate of a 64 KiB struct travel
// in the fork message (the runtime aborted above 4 KiB). The other ranks
// read them in place from the message: a 64-byte-aligned member must stay
// aligned there, and arguments of an odd size must leave the departure
// entries after them (rank 0's serial writes) readable.
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

struct aligned_block {
  _Alignas(64) double v[8];
};

static int written_before[3000]; /* rank 0's serial writes: a departure */

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

  for (int round = 0; round < 3; round++) {
    struct aligned_block a;
    char odd[13];
    for (int i = 0; i < 8; i++)
      a.v[i] = round + i * 0.25;
    for (int i = 0; i < 13; i++)
      odd[i] = (char)(round * 13 + i);
    for (int i = 0; i < 3000; i++)
      written_before[i] = round * 3000 + i;
    long bad = 0;
#pragma omp parallel firstprivate(a, odd) reduction(+ : bad)
    {
      bad += ((unsigned long)&a % 64) != 0;
      for (int i = 0; i < 8; i++)
        bad += a.v[i] != round + i * 0.25;
      for (int i = 0; i < 13; i++)
        bad += odd[i] != (char)(round * 13 + i);
#pragma omp for
      for (int i = 0; i < 3000; i++)
        bad += written_before[i] != round * 3000 + i;
    }
    printf("round %d: bad %ld\n", round, bad);
  }
  return 0;
}
