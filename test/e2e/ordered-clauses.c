// The clauses of an ordered region: `ordered threads` is the plain ordered
// region of a loop, `ordered simd` orders the iterations of a simd loop
// (which a thread runs one after the other), and `ordered threads simd`
// both. Each was refused ("clause 'threads' on 'ordered' is not supported
// by parade"). (Found by a sweep of OpenMP Examples style programs.)
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: ordered-clauses: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define N 40

int main(void) {
  /* A chain whose value depends on the order of its steps. */
  long chain = 1;
#pragma omp parallel for ordered schedule(dynamic, 3)
  for (int i = 0; i < N; i++) {
    long step = (long)i * i % 17;
#pragma omp ordered threads
    chain = (chain * 31 + step) % 1000003;
  }
  printf("ordered threads: %ld\n", chain);

  /* ordered simd in a simd loop: the kept values, in order. */
  int kept[N], count = 0;
#pragma omp simd
  for (int i = 0; i < N; i++) {
    if (i % 7 == 3) {
#pragma omp ordered simd
      kept[count++] = i;
    }
  }
  printf("ordered simd:");
  for (int k = 0; k < count; k++)
    printf(" %d", kept[k]);
  printf("\n");

  /* Both, in a for simd loop with the ordered clause. */
  long both = 7;
#pragma omp parallel for simd ordered
  for (int i = 0; i < N; i++) {
#pragma omp ordered threads simd
    both = (both * 13 + i) % 100003;
  }
  printf("ordered threads simd: %ld\n", both);
  return 0;
}
