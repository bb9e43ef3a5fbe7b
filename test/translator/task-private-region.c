// A parallel region inside a task that privatises variables would need the
// task's copies in the pool: an error, never silently wrong code.
//
// RUN: not %translate %s -- 2>&1 | FileCheck %s
// CHECK: task-private-region.c:[[@LINE+5]]:1: error: a parallel region inside a task that has private variables is not supported by parade
int main(void) {
  int hits = 0;
#pragma omp task
  {
#pragma omp parallel
    hits--;
  }
  return hits;
}
