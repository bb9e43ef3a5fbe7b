// Feature-test macros that a header of the program's sets before the first
// system header (Graph500's compat.h: _XOPEN_SOURCE 600 under -std=c99)
// come before parade.h too: without them strdup and pwrite were
// undeclared, and the program crashed on strdup's implicit int.
//
// RUN: %translate %s -- -std=c99 | FileCheck %s
// CHECK: #define _XOPEN_SOURCE 600
// CHECK-NEXT: #define _FILE_OFFSET_BITS 64
// CHECK-NEXT: #include <parade.h>
// RUN: %translate %s -- -std=c99 | %gcc-openmp -std=c99 -Werror=implicit-function-declaration -Werror -I%S/../../include -I%S -x c -c - -o %t.o
#include "Inputs/config-xopen.h"
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void) {
  char *s = strdup("ok");
  long n = pwrite(1, s, 2, 0);
  free(s);
  return n != 2;
}
