// Feature-test macros the file defines before its first #include come
// before parade.h in the translation: parade.h's system headers would
// otherwise fix the C library's feature set without them, and asprintf,
// memalign or strndup would be undeclared (an implicit int where a pointer
// is returned). Other macros, and any defined after the first #include,
// stay where they are.
//
// RUN: %translate %s -- | FileCheck %s
// CHECK: #define _GNU_SOURCE
// CHECK-NEXT: #define _FILE_OFFSET_BITS 64
// CHECK-NEXT: #include <parade.h>
// CHECK-NOT: #define WIDTH 8
// CHECK-NOT: _XOPEN_SOURCE
// CHECK: #line 1
// RUN: %translate %s -- | %gcc-openmp -Werror=implicit-function-declaration -I%S/../../include -x c -c - -o %t.o
#define _GNU_SOURCE
#define WIDTH 8
#define _FILE_OFFSET_BITS 64
#include <stdio.h>
#define _XOPEN_SOURCE 700
#include <stdlib.h>

int main(void) {
  char *text = NULL;
  int n = asprintf(&text, "%d", WIDTH);
  free(text);
  return n == 1 ? 0 : 1;
}
