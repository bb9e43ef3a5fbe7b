// A local in the pool whose declaration stays beside its storage (it is
// declared together with its struct type, and its address is taken) is
// named through a macro alias of its own name after the declaration
// (#define bf (*parade_s_bf_1)). firstprivate of it on a region or a task
// packed the copy as `parade_a.bf`, which the alias turned into C that gcc
// refused ("expected identifier before '('"; found by a helper's sweep).
// The argument block's members now have names of their own.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: aliased-firstprivate: all 5 configurations match gcc -fopenmp
#include <stdio.h>

int main(void) {
  struct { int w; } bf = {100};
  int *keep = &bf.w;
  struct weights { double a, b; } wt = {0.5, 2.0};
  struct weights *pw = &wt;
  int b[8] = {0};
  double d[8] = {0};
#pragma omp parallel for firstprivate(bf, wt)
  for (int i = 0; i < 8; i++) {
    b[i] = bf.w + i;
    d[i] = wt.a * i + wt.b;
    bf.w = -1; /* the copy's, not the original's */
  }
  int seen = 0;
#pragma omp parallel firstprivate(bf) reduction(+ : seen)
  seen += bf.w == 100;
  int from_task = 0;
#pragma omp parallel
#pragma omp single
#pragma omp task firstprivate(bf, wt) shared(from_task)
  from_task = bf.w + (int)wt.b;
  printf("b[7]=%d d[7]=%.1f all saw 100: %s task=%d original=%d,%d,%.1f\n", b[7], d[7],
         seen > 0 ? "yes" : "no", from_task, bf.w, *keep, pw->a);
  return 0;
}
