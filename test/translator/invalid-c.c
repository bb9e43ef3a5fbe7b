// Invalid C gets Clang's own diagnostics and a non-zero exit.
//
// RUN: not %translate %s -- 2>&1 | FileCheck %s
// CHECK: invalid-c.c:[[@LINE+2]]:{{[0-9]+}}: error: use of undeclared identifier 'undeclared'
int f(void) {
  return undeclared + 1;
}
