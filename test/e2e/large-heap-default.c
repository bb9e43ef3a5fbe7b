// A program that allocates 1.5 GiB in its serial code runs with the
// default pool: serial code runs on rank 0, whose arena is half the pool's
// heap, and with the old default (a 1 GiB pool) the allocation ended the
// job ("shared heap exhausted: ... raise PARADE_POOL_SIZE") where gcc's
// build ran. Only the pages touched take memory.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: large-heap-default: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  size_t bytes = (size_t)1536 << 20, stride = (size_t)16 << 20;
  char *big = malloc(bytes);
  if (!big) {
    printf("malloc failed\n");
    return 1;
  }
  long n = (long)(bytes / stride);
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    big[i * stride] = (char)(i % 100);
  long sum = 0;
#pragma omp parallel for reduction(+: sum)
  for (long i = 0; i < n; i++)
    sum += big[(n - 1 - i) * stride] * (i % 3);
  printf("chunks=%ld sum=%ld\n", n, sum);
  free(big);
  return 0;
}
