// A shared automatic variable that the region writes moves to the pool; a
// read-only scalar travels by value; private variables are declared per
// thread.
//
// RUN: %translate %s -- | grep -v "^//" | FileCheck %s
// CHECK-NOT: #pragma omp
// CHECK-LABEL: struct parade_args_{{[0-9]+}} { int parade_m_n; int *parade_s_total_{{[0-9]+}}; };
// CHECK: static void parade_region_[[R:[0-9]+]](void *parade_raw) {
// CHECK: int n = parade_args->parade_m_n; int *parade_s_total_[[T:[0-9]+]] = parade_args->parade_s_total_[[T]];
// CHECK: int t; 
// CHECK: t = n * 2;
// CHECK-NEXT: (*parade_s_total_[[T]]) = t;
// CHECK-LABEL: int parade_user_main(void) {
// CHECK: int *parade_s_total_[[T]] __attribute__((cleanup(parade_free_local))) = parade_alloc_local(sizeof(int));
// CHECK: parade_parallel(parade_region_[[R]], &parade_a, sizeof parade_a, 0, 1);
// CHECK: return (*parade_s_total_[[T]]);
// CHECK: int main(int argc, char **argv) { return parade_main(argc, argv, parade_main_shim); }
int main(void) {
  int n = 21, total = 0, t;
#pragma omp parallel private(t)
  {
    t = n * 2;
    total = t;
  }
  return total;
}
