// Construct blocks opened and closed by macros: one macro that closes two
// blocks (`#define END2 } }`) after plain directives and after directives
// that macros spell, and a BEGIN/END pair around a parallel loop. They were
// refused ("cannot translate this statement (its extent is unclear)", and
// once "internal error: cannot rewrite this range"): a statement that ends
// inside a macro's text, not at its end, has no end in the file. The
// invocations are now written out as their expansions and the file
// translated again. Found by a helper.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: block-macros: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define END2 } }
#define PAR_BEGIN _Pragma("omp parallel") {
#define SINGLE_BEGIN _Pragma("omp single") {
#define PAR_FOR_BEGIN(i, n) _Pragma("omp parallel") { _Pragma("omp for") for (int i = 0; i < (n); i++) {
#define PAR_FOR_END } }

static long a[100];

int main(void) {
  long c = 0;
  int r = 0;
#pragma omp parallel
  {
#pragma omp single
    {
      c = 5;
  END2
  PAR_BEGIN
  SINGLE_BEGIN
    r = 42;
  END2
  PAR_FOR_BEGIN(i, 100)
    a[i] = i;
  PAR_FOR_END
  long s = 0;
  for (int i = 0; i < 100; i++)
    s += a[i];
  printf("c %ld r %d s %ld line %d\n", c, r, s, __LINE__);
  return 0;
}
