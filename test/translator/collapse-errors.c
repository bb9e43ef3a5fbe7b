// collapse needs loops whose steps do not name outer loop variables (their
// bounds may), and intervening code that only declares
// variables (it runs with each collapsed iteration); anything else is an
// error at the loop or at the code.
//
// RUN: not %translate %s -- 2>&1 | FileCheck %s
void f(int n, double *a) {
#pragma omp parallel for collapse(3)
// CHECK-DAG: collapse-errors.c:[[@LINE+3]]:{{[0-9]+}}: error: collapsed loops whose bounds depend on an outer loop variable are supported by parade for loops of integers whose bounds (not steps) name the outer variables
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      for (int k = j; k < n; k += j + 1)
        a[i * n + j + k] = 0;
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++) {
// CHECK-DAG: collapse-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: intervening code of collapsed loops may only declare variables in parade (it runs with each iteration of the collapsed loop)
    a[i] = 1;
    for (int j = 0; j < n; j++)
      a[j] += 1;
  }
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++) {
    int m = 5; /* the bound below would be read before the nest */
// CHECK-DAG: collapse-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: a collapsed loop whose variable or bounds are declared in intervening code is not supported by parade
    for (int j = 0; j < m; j++)
      a[i * 5 + j] = 2;
  }
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++) {
    int j;
// CHECK-DAG: collapse-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: a collapsed loop whose variable or bounds are declared in intervening code is not supported by parade
    for (j = 0; j < n; j++)
      a[i * n + j] = 3;
  }
  int cnt = 0;
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++) {
// CHECK-DAG: collapse-errors.c:[[@LINE+1]]:{{[0-9]+}}: error: intervening code of collapsed loops may only declare variables in parade
    int base = cnt++ * 10;
    for (int j = 0; j < 10; j++)
      a[base + j] = 4;
  }
}
