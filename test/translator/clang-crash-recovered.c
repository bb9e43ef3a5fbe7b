// Clang 19 crashes on some invalid atomic statements (a diagnostic with a
// bad select index, like llvm-project#107979; this reproducer came from
// parade's fuzzer). The translator reports an error and exits 1 instead of
// crashing.
//
// RUN: not %translate %s -- > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: not test -s %t.out
// CHECK: parade-translate: error: Clang crashed while reading '{{.*}}clang-crash-recovered.c'
long count;
void f(void) {
#pragma omp atomic
  count + 0 = 2;
}
