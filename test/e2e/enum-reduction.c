// Reductions of enumeration variables (integer, so arithmetic, types in
// C): refused as "must have an arithmetic type"; an enumeration now
// reduces as its integer type. Found by a helper acting as a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: enum-reduction: all 5 configurations match gcc -fopenmp
#include <stdio.h>
enum level { LOW, MID, HIGH };
enum level worst_g = LOW;
int main(void) {
  enum level worst = LOW, least = HIGH;
  int count = 0;
  #pragma omp parallel for reduction(max:worst) reduction(min:least)
  for (int i = 0; i < 100; i++) { enum level l = i == 42 ? HIGH : (i % 2 ? MID : LOW); if (l > worst) worst = l; if (l < least) least = l; }
  #pragma omp parallel reduction(+:count)
  {
    #pragma omp critical
    if (worst_g < MID) worst_g = MID;
    count++;
  }
  printf("%d %d %d %d\n", worst, least, worst_g, count > 0);
  return 0;
}
