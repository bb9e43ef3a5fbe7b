// begin declare variant blocks are refused at their pragma (Sema renames
// the functions of a block whose context matches and skips the others,
// which the translation would still hold); the words in a comment are not
// a directive.
//
// RUN: not %translate %s -- 2>&1 | FileCheck %s
/* A comment that says: #pragma omp begin declare variant */
// CHECK: begin-declare-variant.c:[[@LINE+1]]:1: error: 'begin declare variant' is not supported by parade (use the declare variant directive on a function)
#pragma omp begin declare variant match(device = {kind(host)})
int hv(void) { return 7; }
#pragma omp end declare variant
int main(void) { return 0; }
