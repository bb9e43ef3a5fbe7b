// declare variant: a call whose context selects a variant runs the
// variant, as gcc's does: the host device kind, a call inside a parallel
// region (construct={parallel}), and a user condition; a call the selector
// does not match runs the base. Compared with gcc -fopenmp.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: declare-variant: all 5 configurations match gcc -fopenmp
// RUN: %translate -Rparade %s -- 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// REMARK: remark: call to 'in_region' is to its variant 'in_region_v' here
// REMARK: remark: call to 'on_host' is to its variant 'on_host_v' here
// REMARK: remark: call to 'always' is to its variant 'always_v' here
#include <omp.h>
#include <stdio.h>

int on_host_v(int x) { return x + 1000; }
#pragma omp declare variant(on_host_v) match(device = {kind(host)})
int on_host(int x) { return x; }

int in_region_v(int x) { return x * 10; }
#pragma omp declare variant(in_region_v) match(construct = {parallel})
int in_region(int x) { return x; }

int gpu_v(int x) { return -x; }
#pragma omp declare variant(gpu_v) match(device = {kind(gpu)})
int on_gpu(int x) { return x; }

int always_v(int x) { return x + 7; }
#pragma omp declare variant(always_v) match(user = {condition(1)})
int always(int x) { return x; }

int results[64];

int main(void) {
  int outside = in_region(3);
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    results[t % 64] = in_region(t) + on_host(0) + on_gpu(1);
  }
  long s = 0;
  for (int t = 0; t < 64; t++)
    s += results[t];
  printf("host=%d outside=%d gpu=%d always=%d region_sum_nonzero=%d\n", on_host(5), outside,
         on_gpu(4), always(1), s > 0);
  printf("thread0=%d\n", results[0]);
  return 0;
}
