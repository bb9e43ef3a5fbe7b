// Variables only a clause names are not the body's: a depend iterator's
// bound is found through the clause's modifier, and a message clause that
// Clang dropped (not a literal) leaves a capture nothing names, which
// -Rparade reports instead of refusing the program.
//
// RUN: %translate -Rparade %s -- 2>&1 >/dev/null | FileCheck %s --implicit-check-not="error:"
// CHECK: warning: expected string literal in 'clause message'
// CHECK: remark: Sema captures 'note' for this construct, but parade did not see it used
void f(int *a, int n, const char *note) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(iterator(it = 0 : n), out : a[it])
    a[0] = 1;
#pragma omp taskwait
  }
#pragma omp parallel
  {
#pragma omp error at(execution) severity(warning) message(note)
  }
}
