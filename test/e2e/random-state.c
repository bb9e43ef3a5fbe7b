// The C library's random number generators have one state for the job, as
// for a process: serial code's srand() seeds what regions draw, and an
// ordered loop draws the sequence in iteration order, as with gcc. Other
// ranks drew from their own unseeded state (2x2: 677 299 383 886 ...;
// gcc: 677 299 899 871 ...), every rank the same numbers. Found by a helper
// acting as a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: random-state: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>
int v[16]; double d[8]; long r[8];
int main(void){
  srand(7);
  #pragma omp parallel for ordered schedule(static,1)
  for (int i = 0; i < 16; i++) {
    #pragma omp ordered
    v[i] = rand() % 1000;
  }
  srand48(11);
  #pragma omp parallel for ordered schedule(dynamic)
  for (int i = 0; i < 8; i++) {
    #pragma omp ordered
    { d[i] = drand48(); r[i] = lrand48() % 100; }
  }
  long total = 0;
  #pragma omp parallel for reduction(+:total)
  for (int k = 0; k < 300; k++) total += rand() % 2 >= 0;
  for (int i = 0; i < 16; i++) printf("%d ", v[i]);
  for (int i = 0; i < 8; i++) printf("%.4f/%ld ", d[i], r[i]);
  printf("| total=%ld next=%d %ld\n", total, rand() % 1000, random() % 1000);
}
