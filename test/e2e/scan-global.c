// scan over a global (or static) reduction variable: the prefix starts
// from the original's value, which the scan read by the variable's name,
// and inside the construct that name is the private copy's. Every prefix
// came out offset by the first thread's block (libgomp's scan-11.c: b[0]
// was 120 at 1x1, 28 at 1x2, 6 at 2x2 where 0 is right), with the final
// value right. The scan now reads the original through the pointer the
// reduction takes before its copy hides the name. Combined and orphaned
// loops, inclusive and exclusive, a non-zero starting value. Found by a
// helper.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: scan-global: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#define N 40
int r, a[N], b[N];
static long s = 7;
long c[N];

static void orphaned(void) {
#pragma omp for reduction(inscan, + : s)
  for (int i = 0; i < N; i++) {
    c[i] = s;
#pragma omp scan exclusive(s)
    s += a[i];
  }
}

int main(void) {
  for (int i = 0; i < N; i++)
    a[i] = (i * 7) % 5 + 1;
#pragma omp parallel for reduction(inscan, + : r)
  for (int i = 0; i < N; i++) {
    r += a[i];
#pragma omp scan inclusive(r)
    b[i] = r;
  }
  printf("r %d b:", r);
  for (int i = 0; i < N; i++)
    printf(" %d", b[i]);
  printf("\n");
#pragma omp parallel
  orphaned();
  printf("s %ld c:", s);
  for (int i = 0; i < N; i++)
    printf(" %ld", c[i]);
  printf("\n");
  return 0;
}
