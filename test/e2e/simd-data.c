// simd keeps its data environment though its loop runs in place: a private
// variable's original keeps its value (it was overwritten before), a
// lastprivate gets the last iteration's value, a reduction and a linear
// variable (also with collapse, and a loop variable declared outside) end
// as in order, in serial code and inside a parallel loop on every node.
// Compared with gcc -fopenmp; the linear variables are advanced by their
// loops' bodies, as gcc needs.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: simd-data: all 5 configurations match gcc -fopenmp
#include <stdio.h>

int v[8][16], out[8];

int main(void) {
  int x = 7, j = 0, i, a[12], last = -1;
  long s = 5, total = 0;
#pragma omp simd private(x) lastprivate(last) reduction(+ : s)
  for (i = 0; i < 10; i++) {
    x = i * 2;
    a[i] = x;
    last = i;
    s += i;
  }
  printf("x=%d i=%d last=%d a9=%d s=%ld\n", x, i, last, a[9], s);
#pragma omp simd linear(j : 1)
  for (i = 0; i < 10; i++) {
    a[i] = j;
    j++;
  }
  printf("j=%d i=%d a9=%d\n", j, i, a[9]);
  j = 4;
#pragma omp simd linear(j : 2) collapse(2)
  for (int p = 0; p < 3; p++)
    for (int q = 0; q < 4; q++) {
      a[p * 4 + q] = j;
      j += 2;
    }
  printf("j=%d a11=%d\n", j, a[11]);

#pragma omp parallel for reduction(+ : total)
  for (int r = 0; r < 8; r++) {
    int t = 100 + r, lin = r;
#pragma omp simd private(t) linear(lin : 1) reduction(+ : total)
    for (int k = 0; k < 16; k++) {
      t = k * r;
      v[r][k] = t + lin;
      lin++;
      total += t;
    }
    out[r] = t * 1000 + lin;
  }
  unsigned long chk = 0;
  for (int r = 0; r < 8; r++)
    for (int k = 0; k < 16; k++)
      chk = chk * 3 + v[r][k];
  printf("total=%ld out0=%d out7=%d chk=%lu\n", total, out[0], out[7], chk);
  return 0;
}
