// An in_reduction task created inside another in_reduction task of the
// same variable: inside the outer task the name is the outer task's
// partial, and the inner task combined into it, after the outer task had
// already joined its partial and ended (a write to a dead stack slot): the
// inner tasks' shares were lost, silently (libgomp's task-reduction-1.c:
// a=1 where 11 is right). The inner task now combines where the outer's
// partial goes: a taskgroup's task_reduction, a reduction with the task
// modifier, a taskloop's in_reduction or reduction. Found by helpers.
// (Inside a target's in_reduction: target-in-reduction-nested.c.)
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: in-reduction-nested: all 5 configurations match gcc -fopenmp
#include <stdio.h>

int main(void) {
  int a = 0, b = 0;
  long c = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : a)
    {
#pragma omp task in_reduction(+ : a)
      {
        a += 1;
#pragma omp task in_reduction(+ : a)
        {
          a += 10;
#pragma omp task in_reduction(+ : a)
          a += 100;
        }
      }
#pragma omp task in_reduction(+ : a)
      a += 1000;
    }
  }
#pragma omp parallel reduction(task, + : b)
  {
#pragma omp single
    {
#pragma omp task in_reduction(+ : b)
      {
        b += 1;
#pragma omp task in_reduction(+ : b)
        b += 10;
      }
    }
  }
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : c)
  {
#pragma omp taskloop in_reduction(+ : c) num_tasks(3)
    for (int i = 0; i < 6; i++) {
      c += i;
#pragma omp task in_reduction(+ : c)
      c += 100;
    }
  }
  // Inside a taskloop's reduction (LLVM's omp_task_red_taskloop.c was
  // refused).
  int d = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp taskloop reduction(+ : d) num_tasks(2)
    for (int i = 1; i <= 4; ++i) {
      d += i;
#pragma omp task in_reduction(+ : d)
      d += 10 * i;
    }
  }
  printf("a %d b %d c %ld d %d\n", a, b, c, d);
  return 0;
}
