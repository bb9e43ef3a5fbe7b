// The OpenMP 5.1 dependence types gcc 12 does not parse, so the program
// checks itself and the expected values are written out below: inoutset
// (a group of tasks that run in any order among themselves, after the
// writer before them and before the readers after them; a reader between
// two groups sees the first group's sum only) and omp_all_memory (a task
// after every earlier sibling with dependences, and before every later
// one: a later writer of a variable it read waits for it). At 1 x 2, 2 x 2
// and 4 x 1.
//
// REQUIRES: translator
// RUN: %paradecc %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 4 %t | FileCheck %s
// CHECK: first=21 second=42 doubled=84 all=1368 late_a=1000 wrong=0
#include <omp.h>
#include <stdio.h>

long s, first, second, doubled, a, b, c, all, late_a, wrong;

int main(void) {
#pragma omp parallel
#pragma omp single
  for (int step = 0; step < 8; step++) {
#pragma omp task depend(out : s)
    s = 0;
    for (int k = 1; k <= 6; k++) {
#pragma omp task depend(inoutset : s) firstprivate(k)
      {
#pragma omp atomic
        s += k;
      }
    }
#pragma omp task depend(in : s)
    first = s;
    for (int k = 1; k <= 6; k++) {
#pragma omp task depend(inoutset : s) firstprivate(k)
      {
#pragma omp atomic
        s += k;
      }
    }
#pragma omp task depend(in : s)
    second = s;
#pragma omp task depend(inout : s)
    s *= 2;
#pragma omp task depend(in : s)
    doubled = s;

#pragma omp task depend(out : a)
    a = 1000;
#pragma omp task depend(out : b)
    b = 300;
#pragma omp task depend(out : c)
    c = 68 - step; /* the last step's value is 61 */
#pragma omp task depend(inout : omp_all_memory) firstprivate(step)
    {
      all = a + b + c + step;
      if (first != 21 || second != 42 || doubled != 84)
        wrong++;
    }
#pragma omp task depend(out : a)
    a = -1; /* after the task above read it */
#pragma omp task depend(in : all) depend(out : late_a)
    late_a = all - 368;
#pragma omp taskwait
  }
  printf("first=%ld second=%ld doubled=%ld all=%ld late_a=%ld wrong=%ld\n", first, second, doubled,
         all, late_a, wrong);
  return 0;
}
