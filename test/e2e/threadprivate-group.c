// threadprivate on some of the variables of one declaration: each named
// variable becomes thread-local, the others stay shared. Before, the
// translator wrote _Thread_local once per named variable at the start of
// the shared declaration ("duplicate _Thread_local", as in a widely used
// benchmark suite's timer file), and with only some variables named it
// made the wrong ones thread-local.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: threadprivate-group: all {{[0-9]+}} configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

static double start[64], elapsed[64];
#pragma omp threadprivate(start, elapsed)
static int mine, shared_flag, also_mine = 7;
#pragma omp threadprivate(mine, also_mine)

int main(void) {
  int wrong = 0;
#pragma omp parallel reduction(+ : wrong)
  {
    int id = omp_get_thread_num();
    start[3] = id;
    elapsed[5] = 2.0 * id;
    mine = id + 1;
    also_mine = id + 2;
#pragma omp single
    shared_flag = 42;
    /* the single's barrier: every thread sees the shared flag */
    wrong += shared_flag != 42;
#pragma omp barrier
    wrong += start[3] != id || elapsed[5] != 2.0 * id || mine != id + 1 || also_mine != id + 2;
  }
  printf("wrong %d flag %d\n", wrong, shared_flag);
  return 0;
}
