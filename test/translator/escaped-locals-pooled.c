// A local whose address escapes from a function that may start a parallel
// region (it holds one, calls one of this file that may, or calls a
// function defined elsewhere) moves to the pool, parameters too. An
// address given only to the C library functions that keep no pointer, or
// used only where no region can run, leaves the variable on the stack.
//
// RUN: %translate -Rparade %s -- 2>%t.remarks | grep -v "^//" | FileCheck %s
// RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
#include <stdio.h>
#include <string.h>

void elsewhere(double *v); /* defined in another file: they may fork */
void elsewhere_int(int *k);

static void work(double *acc) {
#pragma omp parallel
  {
#pragma omp critical
    *acc += 1;
  }
}

// CHECK-LABEL: static void driver(double init) {
// CHECK-SAME: double *parade_s_init_{{[0-9]+}} __attribute__((cleanup(parade_free_local))) = parade_alloc_local(sizeof(double)); *parade_s_init_{{[0-9]+}} = init;
// CHECK: double *parade_s_sum_[[S:[0-9]+]] __attribute__((cleanup(parade_free_local))) = parade_alloc_local(sizeof(double));
// CHECK: char line[80];
// CHECK: double scratch[4];
// CHECK: memset(scratch, 0, sizeof scratch);
// CHECK: snprintf(line, sizeof line, "%f", scratch[0]);
// CHECK: work(&(*parade_s_sum_[[S]]));
// REMARK-DAG: escaped-locals-pooled.c:[[@LINE+2]]:27: remark: 'init' lives in the pool: its address escapes
// REMARK-DAG: escaped-locals-pooled.c:[[@LINE+2]]:10: remark: 'sum' lives in the pool: its address escapes
static void driver(double init) {
  double sum = 0;
  char line[80];
  double scratch[4];
  memset(scratch, 0, sizeof scratch);
  snprintf(line, sizeof line, "%f", scratch[0]);
  work(&sum);
  work(&init);
  puts(line);
}

// CHECK-LABEL: static void hand_on(void) {
// CHECK: double (*parade_s_v_{{[0-9]+}})[8] __attribute__((cleanup(parade_free_local)))
// REMARK-DAG: escaped-locals-pooled.c:[[@LINE+2]]:10: remark: 'v' lives in the pool
static void hand_on(void) {
  double v[8];
  elsewhere(v);
}

// A loop's own variable moves in front of the loop, in a block with it.
// CHECK-LABEL: static void loop_variable(void) {
// CHECK-NEXT: { int *parade_s_k_[[K:[0-9]+]] __attribute__((cleanup(parade_free_local))) = parade_alloc_local(sizeof(int)); parade_copy((void *)parade_s_k_[[K]], &(int){0}, sizeof(int)); for (; (*parade_s_k_[[K]]) < 2; (*parade_s_k_[[K]])++)
// CHECK-NEXT: elsewhere_int(&(*parade_s_k_[[K]])); }
// CHECK-NEXT: }
// REMARK-DAG: escaped-locals-pooled.c:[[@LINE+2]]:12: remark: 'k' lives in the pool
static void loop_variable(void) {
  for (int k = 0; k < 2; k++)
    elsewhere_int(&k);
}

static double total(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i];
  return s;
}

// No region can run while serial() runs: its locals stay put.
// CHECK-LABEL: static double serial(void) {
// CHECK-NEXT: double v[4] = {1, 2, 3, 4};
// CHECK-NEXT: double *p = &v[1];
// CHECK-NEXT: return total(p, 3);
static double serial(void) {
  double v[4] = {1, 2, 3, 4};
  double *p = &v[1];
  return total(p, 3);
}

int main(void) {
  driver(1.0);
  hand_on();
  loop_variable();
  return (int)serial();
}
// REMARK-NOT: lives in the pool
