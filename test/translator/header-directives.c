// An OpenMP directive in a function that a header defines is refused at
// the directive: the header is compiled as it is, so the directive was
// dropped with nothing said and its code ran without OpenMP (each thread
// ran the whole `for`: sum 200 where gcc gives 100). Found by a helper
// acting as a new user.
//
// RUN: not %translate %s -- -I%S/Inputs > %t.out 2> %t.err
// RUN: FileCheck %s --implicit-check-not="internal error" < %t.err
// RUN: not test -s %t.out
// CHECK-NOT: 'sum'
// CHECK: header-directives.h:11:{{[0-9]+}}: error: OpenMP directive 'for' in a function that a header defines ('scale') is not supported by parade: define the function in the .c file (its directives would be ignored)
#include "header-directives.h"

double a[100];

int main(void) {
#pragma omp parallel
  scale(a, 100);
  return 0;
}
