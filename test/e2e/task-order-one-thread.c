// With one thread per node, tasks made in a parallel region are queued (up
// to the queue's bound), as libgomp queues them, and a taskwait runs the
// newest child first. Each ran at once before, in creation order: OpenMP
// allows both, but a branch-and-bound search written for gcc's order (BOTS
// knapsack explores its second branch first and prunes with what it
// finds) explored 33 times the nodes, 15.5 s against gcc's 0.05 s at 1 x
// 1 (found by a helper). The order below is gcc's with OMP_NUM_THREADS=1;
// each task sees the value the task before it wrote.
//
// REQUIRES: translator
// RUN: %paradecc %s -o %t
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 3 %t | FileCheck %s
// CHECK: task 2.3 sees g=0
// CHECK-NEXT: task 1.7 sees g=3
// CHECK-NEXT: task 1.6 sees g=7
// CHECK-NEXT: task 2.2 sees g=6
// CHECK-NEXT: task 1.5 sees g=2
// CHECK-NEXT: task 1.4 sees g=5
// CHECK-NEXT: final g=4
// CHECK-NEXT: serial code: 1 2
#include <stdio.h>

int g = 0;

static void rec(int d, int id) {
  if (d == 0)
    return;
#pragma omp task firstprivate(d, id)
  {
    printf("task %d.%d sees g=%d\n", d, id * 2, g);
    g = id * 2;
    rec(d - 1, id * 2);
  }
#pragma omp task firstprivate(d, id)
  {
    printf("task %d.%d sees g=%d\n", d, id * 2 + 1, g);
    g = id * 2 + 1;
    rec(d - 1, id * 2 + 1);
  }
#pragma omp taskwait
}

int main(void) {
#pragma omp parallel
#pragma omp single
  rec(2, 1);
  printf("final g=%d\n", g);
  // Outside any region a task runs at once, as with libgomp.
  int first = 0, second = 0, n = 0;
#pragma omp task shared(first, n)
  first = ++n;
#pragma omp task shared(second, n)
  second = ++n;
#pragma omp taskwait
  printf("serial code: %d %d\n", first, second);
  return 0;
}
