// A task is outlined: its argument block carries a pointer to each variable
// it shares (which gets storage of its own) and a copy of each it captures;
// the enclosing function is declared before the outlined body, which calls
// it; if/final become flags, and each depend item a call before the task's.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks | grep -v "^//" | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
//
// CHECK: long (fib)(int);
// CHECK-NEXT: struct parade_targs_[[ID:[0-9]+]] { long *parade_s_x_[[X:[0-9]+]]; int parade_m_n; };
// CHECK-NEXT: static void parade_task_[[ID]](void *parade_raw) {
// CHECK: long *parade_s_x_[[X]] = parade_args->parade_s_x_[[X]];
// CHECK: int n; parade_copy((void *)&n, &parade_args->parade_m_n, sizeof n);
// CHECK: (*parade_s_x_[[X]]) = fib(n - 1);
// CHECK: long fib(int n) {
// CHECK: long *parade_s_x_[[X]] __attribute__((cleanup(parade_free_local))) = parade_alloc_local(sizeof(long));
// CHECK: parade_ta.parade_s_x_[[X]] = parade_s_x_[[X]]; parade_copy((void *)&parade_ta.parade_m_n, &n, sizeof parade_ta.parade_m_n); _Pragma("GCC diagnostic pop") parade_task_depend((const void *)&((*parade_s_x_[[X]])), PARADE_DEP_OUT); parade_task(parade_task_[[ID]], &parade_ta, sizeof parade_ta, 0 | ((n > 10) ? 0 : PARADE_TASK_UNDEFERRED) | ((n < 5) ? PARADE_TASK_FINAL : 0)); }
// CHECK: parade_taskwait();
// REMARK: task-outlined.c:[[@LINE+6]]:1: remark: task outlined to parade_task_{{[0-9]+}}, queued for a thread of this node
long fib(int n) {
  long x;
  if (n < 2)
    return n;
  long y = fib(n - 2);
#pragma omp task shared(x) if(n > 10) final(n < 5) depend(out: x)
  x = fib(n - 1);
#pragma omp taskwait
  return x + y;
}
