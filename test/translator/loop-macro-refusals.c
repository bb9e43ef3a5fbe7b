// A loop body whose braces come from macros is the text between them only
// when the macros write nothing else there: a statement of the closing
// macro (or of the opening one) would be lost, so the loop is refused.
//
// RUN: not %translate %s -- 2>&1 | FileCheck %s
#define SWEEP_START(n) for (i = 0; i < (n); i++) {
#define SWEEP_END_COUNTING count[i % 4]++; }
int count[4];
double a[100];
void f(void) {
  int i;
// CHECK: loop-macro-refusals.c:[[@LINE+2]]:3: error: cannot translate this statement
#pragma omp parallel for
  SWEEP_START(100)
    a[i] = i;
  SWEEP_END_COUNTING
}
