// Reduction sections parade cannot privatise as one run of memory are
// errors at the item: a pointer to pointers with several dimensions, and two items of one variable on one construct (their
// private copies would overlap); so is a complex product (the runtime
// combines parts elementwise, which suits + and - only). Nothing is written to the output.
//
// RUN: not %translate %s -- > %t.out 2> %t.err
// RUN: FileCheck %s --implicit-check-not="internal error" < %t.err
// RUN: not test -s %t.out
#include <complex.h>
int c[3][4][5];
void f(int n, double **pp, double *a) {
  double complex z = 1;
// CHECK-DAG: section-reduction-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: a reduction of the complex variable 'z' with '*' is not supported by parade (+ and - are)
#pragma omp parallel for reduction(* : z)
  for (int i = 0; i < n; i++)
    z *= 1.0 + a[i] * I;
// CHECK-DAG: section-reduction-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: a reduction over a section of several dimensions needs an array whose inner dimensions have a fixed size
#pragma omp parallel for reduction(+ : pp[0:2][0:n])
  for (int i = 0; i < n; i++)
    pp[i % 2][i] += 1;
// CHECK-DAG: section-reduction-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: two reduction items of 'c' on one construct are not supported by parade
#pragma omp parallel for reduction(+ : c[1][1:2][0:5], c[2][3][1:3])
  for (int i = 0; i < 9; i++)
    c[1][1][0] += i;
}
