// An OpenMP directive in a function that a header defines: the header is
// compiled as it is, so the directive was dropped with nothing said and
// its code ran without OpenMP (each thread ran the whole `for`: sum 200
// where gcc gives 100; found by a helper acting as a new user). It was
// then refused; now the header is written into the file (numbered as the
// header) and its directives are translated. e2e/header-functions.c runs
// such a program.
//
// RUN: %translate %s -- -I%S/Inputs | FileCheck %s
// CHECK: {{^}}#line 1 "{{.*}}Inputs/header-directives.h"
// CHECK: {{^}}static inline void scale(double *a, int n) {
// CHECK-NOT: {{^}}#pragma omp for
// CHECK: parade_loop_begin(
// CHECK: {{^}}#line [[#@LINE+2]] "{{.*}}header-directives.c"
// CHECK: int parade_user_main(void)
#include "header-directives.h"

double a[100];

int main(void) {
#pragma omp parallel
  scale(a, 100);
  return 0;
}
