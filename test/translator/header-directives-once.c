// A header whose functions hold directives is written into the main file
// (header-directives.c), except when it has `#pragma once` and another
// header includes it again: that inclusion would define its functions a
// second time. The directive is then refused, as before.
//
// RUN: not %translate %s -- -I%S/Inputs/header-once 2> %t.err
// RUN: FileCheck %s --implicit-check-not="error:" < %t.err
// CHECK: kernels.h:5:{{[0-9]+}}: error: OpenMP directive 'for' in a function that a header defines ('scale') is not supported by parade
#include "a.h"
#include "b.h"

double a[100];

int main(void) {
#pragma omp parallel
  scale(a, 100);
  return 0;
}
