// `register` variables named by constructs: the translation takes their
// addresses (a firstprivate copy, a lastprivate or reduction original, a
// parameter a region reads), which C forbids for a register variable
// ("address of register variable 'rv' requested"). The keyword is dropped
// in functions that hold a directive. Found by a helper acting as a new
// user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: register-variables: all 5 configurations match gcc -fopenmp
#include <stdio.h>
static int f(register int n) {
  int s = 0;
#pragma omp parallel for reduction(+:s) firstprivate(n)
  for (int i = 0; i < 10; i++) s += n;
  return s;
}
int main(void){
  register int rv = 3; int rr = 0; register int k;
  register int acc = 0;
  register int ri, rj; /* one declaration, two declarators: int was lost */
  int arr[100];
  #pragma omp parallel for private(rj)
  for (ri = 0; ri < 100; ri++) { rj = 2 * ri; arr[ri] = rj; }
  #pragma omp parallel reduction(+:rr) firstprivate(rv)
  rr += rv > 0;
  #pragma omp parallel for lastprivate(k)
  for (k = 0; k < 10; k++) ;
  #pragma omp parallel for reduction(+:acc)
  for (int i = 0; i < 10; i++) acc += i;
  printf("%d %d %d %d %d\n", rr > 0, k, f(2), acc, arr[5]);
}
