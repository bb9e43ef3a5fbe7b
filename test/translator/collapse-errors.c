// collapse needs perfectly nested, rectangular loops; anything else is an
// error at the loop.
//
// RUN: not %translate %s -- 2>&1 | FileCheck %s
void f(int n, double *a) {
#pragma omp parallel for collapse(2)
// CHECK-DAG: collapse-errors.c:[[@LINE+2]]:{{[0-9]+}}: error: collapsed loops whose bounds depend on an outer loop variable are not supported by parade
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++)
      a[i * n + j] = 0;
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++) {
// CHECK-DAG: collapse-errors.c:[[@LINE-1]]:{{[0-9]+}}: error: collapsed loops must be perfectly nested
    a[i] = 1;
    for (int j = 0; j < n; j++)
      a[j] += 1;
  }
}
