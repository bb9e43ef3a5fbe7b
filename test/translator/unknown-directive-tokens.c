// A directive clang knows only the start of ("parallel single") is an
// error at its location, never a plain "parallel" with the rest ignored,
// which would run the program as something it did not say. A '#endif'
// with a trailing word stays a warning, as in every C compiler: gcc's, when
// it compiles the translation (the translator leaves C warnings to gcc).
//
// RUN: not %translate %s -- 2>&1 | FileCheck %s
// CHECK-NOT: warning: extra tokens at end of #endif directive
// CHECK: unknown-directive-tokens.c:[[@LINE+7]]:22: error: extra tokens at the end of '#pragma omp parallel'
// CHECK-NOT: error:
#include <stdio.h>
#if 1
#endif ONE
int main(void) {
  int n = 0;
#pragma omp parallel single
  n++;
  printf("%d\n", n);
  return 0;
}
