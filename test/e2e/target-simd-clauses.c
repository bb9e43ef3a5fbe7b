// target simd runs its loop in place as simd does, with simd's data
// environment: lastprivate (plain and conditional), linear, a reduction,
// private and collapse. lastprivate and linear on target simd gave a
// translation that did not compile (parade_last, parade_k undeclared), and
// linear was refused.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: target-simd-clauses: all 5 configurations match gcc -fopenmp
#include <stdio.h>

int v[64];

int main(void) {
  int last = -1, cond = -1, j = 5, tmp = 3;
  long sum = 0;
#pragma omp target simd lastprivate(last) map(tofrom: v)
  for (int i = 0; i < 64; i++) {
    v[i] = i * 2;
    last = v[i] + 1;
  }
#pragma omp target simd lastprivate(conditional: cond)
  for (int i = 0; i < 64; i++)
    if (i % 9 == 4)
      cond = i;
#pragma omp target simd linear(j: 3)
  for (int i = 0; i < 64; i++) {
    v[i] += j;
    j += 3;
  }
#pragma omp target simd reduction(+: sum) private(tmp)
  for (int i = 0; i < 64; i++) {
    tmp = v[i] % 7;
    sum += tmp;
  }
  int cells = 0;
#pragma omp target simd collapse(2) reduction(+: cells)
  for (int a = 0; a < 8; a++)
    for (int b = 0; b < 8; b++)
      cells += v[a * 8 + b] > 50;
  printf("last=%d cond=%d j=%d sum=%ld tmp=%d cells=%d v[63]=%d\n", last, cond, j, sum, tmp,
         cells, v[63]);
  return 0;
}
