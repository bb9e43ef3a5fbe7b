// -Rparade explains every directive it translates, at its location.
//
// RUN: %translate -Rparade %s -- 2>&1 >/dev/null | FileCheck %s
int x, y;
void f(int n, double *a) {
// CHECK-DAG: remarks-every-directive.c:[[@LINE+1]]:1: remark: 'parallel' outlined to parade_region_
#pragma omp parallel
  {
// CHECK-DAG: remarks-every-directive.c:[[@LINE+1]]:1: remark: 'for' loop: schedule DYNAMIC
#pragma omp for schedule(dynamic)
    for (int i = 0; i < n; i++)
      a[i] = i;
// CHECK-DAG: remarks-every-directive.c:[[@LINE+1]]:1: remark: sections are handed out one at a time
#pragma omp sections
    {
#pragma omp section
      a[0] = 1;
    }
// CHECK-DAG: remarks-every-directive.c:[[@LINE+1]]:1: remark: master runs on global thread 0
#pragma omp master
    a[1] = 2;
// CHECK-DAG: remarks-every-directive.c:[[@LINE+1]]:1: remark: barrier is a DSM barrier
#pragma omp barrier
// CHECK-DAG: remarks-every-directive.c:[[@LINE+1]]:1: remark: task outlined to parade_task_{{[0-9]+}}, queued for a thread of this node
#pragma omp task
    a[2] = 3;
// CHECK-DAG: remarks-every-directive.c:[[@LINE+1]]:1: remark: taskwait runs this task's queued children
#pragma omp taskwait
// CHECK-DAG: remarks-every-directive.c:[[@LINE+1]]:1: remark: critical mapped to a collective: 4 bytes
#pragma omp critical
    x += 1;
// CHECK-DAG: remarks-every-directive.c:[[@LINE+1]]:1: remark: atomic mapped to a collective: 4 bytes
#pragma omp atomic
    y += 2;
// CHECK-DAG: remarks-every-directive.c:[[@LINE+1]]:1: remark: single mapped to a broadcast: 4 bytes
#pragma omp single
    x = 7;
  }
  // A flush in a region lets its threads wait for each other: it gets a
  // region of its own, so the one above keeps its collectives.
#pragma omp parallel
  {
// CHECK-DAG: remarks-every-directive.c:[[@LINE+1]]:1: remark: flush is a release of this node's writes and an acquire of all shared data
#pragma omp flush
  }
}
