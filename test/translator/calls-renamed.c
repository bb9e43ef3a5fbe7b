// The malloc family and I/O into buffers go to parade's versions.
//
// RUN: %translate %s -- | grep -v "^//" | FileCheck %s --implicit-check-not=" malloc("
// CHECK: char *buf = parade_malloc(64);
// CHECK: parade_fread(buf, 1, 64, f);
// CHECK: buf = parade_realloc(buf, 128);
// CHECK: parade_free(buf);
#include <stdio.h>
#include <stdlib.h>
void load(FILE *f) {
  char *buf = malloc(64);
  fread(buf, 1, 64, f);
  buf = realloc(buf, 128);
  free(buf);
}
