// The C library's allocation and I/O functions go to parade's versions,
// however the program reaches them: a direct call, a macro of a header
// (here one of this file), a function pointer. A function of the
// program's own named like one of them (read, here) keeps its name.
//
// RUN: %translate %s -- | FileCheck %s --check-prefix=PRAGMA
// PRAGMA: #include <parade.h>
// PRAGMA: #pragma redefine_extname malloc parade_malloc
// PRAGMA: #pragma redefine_extname realloc parade_realloc
// PRAGMA: #pragma redefine_extname free parade_free
// PRAGMA-NOT: redefine_extname read
// PRAGMA: #pragma redefine_extname fread parade_fread
// RUN: %paradecc -c %s -o %t.o && nm %t.o | FileCheck %s --check-prefix=SYMS
// SYMS-NOT: U malloc
// SYMS-NOT: U free
// SYMS-DAG: U parade_malloc
// SYMS-DAG: U parade_realloc
// SYMS-DAG: U parade_free
// SYMS-DAG: U parade_fread
// SYMS-DAG: T read
#include <stdio.h>
#include <stdlib.h>
#define GET(n) malloc(n)
int read(void) { return 3; }
void *(*allocator)(size_t) = malloc;
void load(FILE *f) {
  char *buf = GET(64 + read());
  fread(buf, 1, 64, f);
  buf = realloc(buf, 128);
  free(buf);
}
