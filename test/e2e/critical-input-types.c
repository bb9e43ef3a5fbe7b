// A critical replayed on every node reads private inputs whose type has no
// name at file scope (an anonymous struct or enum, a struct declared with
// its variable inside the function): the replay's input struct, at file
// scope, could not name it and the program did not compile. Such a
// critical takes the lock; one whose inputs have a typedef'd type is still
// replayed. Found by a helper acting as a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: critical-input-types: all 5 configurations match gcc -fopenmp
// RUN: %translate -Rparade %s -- 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: critical-input-types.c:[[@LINE+21]]:1: remark: critical uses the distributed lock: {{.*}}not replayed: the block reads 'pr', whose type has no name at file scope
// REMARK: critical-input-types.c:[[@LINE+28]]:1: remark: critical uses the distributed lock: {{.*}}not replayed: the block reads 'e', whose type has no name at file scope
// REMARK: critical-input-types.c:[[@LINE+38]]:1: remark: critical uses the distributed lock: {{.*}}not replayed: the block reads 'loc', whose type has no name at file scope
// REMARK: critical-input-types.c:[[@LINE+44]]:1: remark: critical replayed on every node
#include <omp.h>
#include <stdio.h>

typedef struct {
  double v;
  int at;
} cand;

double best1 = -1, best2 = -1, best3 = -1, best4 = -1;
int kind, where;

int main(void) {
#pragma omp parallel
  {
    struct {
      double v;
    } pr = {omp_get_thread_num() * 2.0};
#pragma omp critical
    if (pr.v > best1)
      best1 = pr.v;
  }
#pragma omp parallel
  {
    enum { A = 1, B = 2 } e = omp_get_thread_num() == 0 ? A : B;
    double v = omp_get_thread_num() == 0 ? 100 : omp_get_thread_num();
#pragma omp critical
    if (v > best2) {
      best2 = v;
      kind = e;
    }
  }
#pragma omp parallel
  {
    struct spot {
      double v;
    } loc = {omp_get_thread_num() + 0.5};
#pragma omp critical
    if (loc.v > best3)
      best3 = loc.v;
  }
#pragma omp parallel
  {
    cand c = {omp_get_thread_num() * 3.0, omp_get_thread_num()};
#pragma omp critical
    if (c.v > best4) {
      best4 = c.v;
      where = c.at;
    }
  }
  int n = omp_get_max_threads();
  printf("%d %d %d %d\n", best1 == 2.0 * (n - 1), kind, best3 == n - 0.5, where == n - 1);
  return 0;
}
