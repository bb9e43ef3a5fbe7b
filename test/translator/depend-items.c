// Each depend item becomes a parade_task_depend call before the task that
// takes it: an array section names its first element (each dimension at
// its lower bound), an array shaping its pointer, an iterator loops over
// its values, depobj reads the object, omp_all_memory has no address, and
// a variable the region shares is spelled through its pointer. A task run
// in place (it names a variable-length array) waits for its dependences
// first, and depobj update and destroy are calls.
//
// RUN: %translate %s -- 2>&1 | grep -v "^//" | FileCheck %s
#include <omp.h>

void f(int n, double *p, double (*m)[8]) {
  double a[100];
  int x = 0;
  omp_depend_t o;
#pragma omp parallel shared(x)
#pragma omp single
  {
// CHECK: parade_task_depend((const void *)&(((*parade_s_a_[[A:[0-9]+]])))[(2)], PARADE_DEP_IN); parade_task_depend((const void *)&((((*parade_s_m_{{[0-9]+}})))[(1)])[0], PARADE_DEP_OUT); parade_task_depend((const void *)((*parade_s_p_{{[0-9]+}})), PARADE_DEP_MUTEXINOUTSET); parade_task(
#pragma omp task depend(in : a[2:n]) depend(inout : m[1:2][:4]) depend(mutexinoutset : ([4][2])p)
    a[3] = m[1][2] + p[0];
// CHECK: { for (int i = (0); (2) > 0 ? i < (n) : i > (n); i += (2)) { parade_task_depend((const void *)&((*parade_s_a_[[A]])[i]), PARADE_DEP_INOUTSET); } } parade_task_depend((const void *)&((*parade_s_x_{{[0-9]+}})), PARADE_DEP_IN); parade_task(
#pragma omp task depend(iterator(i = 0 : n : 2), inoutset : a[i]) depend(in : x)
    a[0] = x;
// CHECK: parade_depobj_init((void *)&((*parade_s_o_[[O:[0-9]+]])), (const void *)&((*parade_s_a_[[A]])[7]), PARADE_DEP_OUT);
#pragma omp depobj(o) depend(out : a[7])
// CHECK: parade_task_depend_obj(&((*parade_s_o_[[O]]))); parade_task_depend((const void *)0, PARADE_DEP_ALL_MEMORY); parade_task(
#pragma omp task depend(depobj : o) depend(inout : omp_all_memory)
    a[7] = 1;
// CHECK: parade_depobj_update((void *)&((*parade_s_o_[[O]])), PARADE_DEP_IN);
#pragma omp depobj(o) update(in)
// CHECK: { parade_task_depend((const void *)&((*parade_s_a_[[A]])[1]), PARADE_DEP_OUT); parade_taskwait_depend(0); { {
// CHECK-NEXT: #line [[@LINE+5]]
// CHECK-NEXT: vla[0] =
    {
      int vla[n];
#pragma omp task depend(out : a[1]) shared(vla)
      vla[0] = a[1] = 2;
    }
// CHECK: { parade_task_depend((const void *)&((*parade_s_a_[[A]])[1]), PARADE_DEP_IN); parade_taskwait_depend(1); }
#pragma omp taskwait depend(in : a[1]) nowait
// CHECK: parade_depobj_destroy((void *)&((*parade_s_o_[[O]])));
#pragma omp depobj(o) destroy
  }
}
