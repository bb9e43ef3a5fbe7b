// taskwait with depend waits for the child tasks it depends on (parade
// waits for every child, a superset), and flush takes a memory order
// (acq_rel, release, acquire: parade's flush is all of them). Compared
// with gcc -fopenmp; a producer task's result is read by the thread that
// waited for it, in every region of a loop.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: taskwait-depend: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>

int main(void) {
  int x = 0, y = 0, wrong = 0;
  for (int step = 1; step <= 20; step++) {
#pragma omp parallel shared(x, y, wrong)
    {
#pragma omp single
      {
#pragma omp task depend(out : x)
        x = step;
#pragma omp task depend(out : y)
        y = 2 * step;
#pragma omp taskwait depend(in : x)
        if (x != step)
          wrong++;
#pragma omp taskwait depend(in : y)
        if (y != 2 * step)
          wrong++;
      }
#pragma omp flush acq_rel
#pragma omp barrier
#pragma omp flush acquire
      if (x != step || y != 2 * step)
#pragma omp atomic
        wrong++;
#pragma omp flush release
    }
  }
  printf("x=%d y=%d wrong=%d\n", x, y, wrong);
  return 0;
}
