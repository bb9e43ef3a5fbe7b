// An in_reduction task inside a target with in_reduction of the same
// variable: the target runs in place as a task in the reduction, and the
// inner tasks combined into its private partial, which the target had
// already joined (x was 0 where 10 is right). They now combine where the
// target's partial goes. gcc 12 crashes on this program, so the expected
// values are written here. Found by a review.
//
// REQUIRES: translator
// RUN: %paradecc -O1 %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 3 %t | FileCheck %s
// CHECK: x 10 in every one of 20 rounds: 1
#include <stdio.h>

int main(void) {
  int right = 0;
  for (int round = 0; round < 20; round++) {
    int x = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : x)
#pragma omp target in_reduction(+ : x)
    {
      for (int i = 0; i < 10; i++) {
#pragma omp task in_reduction(+ : x)
        x++;
      }
    }
    right += x == 10;
  }
  printf("x 10 in every one of 20 rounds: %d\n", right == 20);
  return 0;
}
