// OpenMP 5.2's doacross(sink: ...) and doacross(source:) (gcc 12 lacks
// them, so the result is checked against the same recurrence run serially).
//
// REQUIRES: translator
// RUN: %paradecc %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 4 %t | FileCheck %s
// CHECK: doacross: 999 iterations in order, same as serial
#include <stdio.h>

#define N 1000

double x[N], ref[N];

int main(void) {
  x[0] = ref[0] = 1.0;
#pragma omp parallel for ordered(1) schedule(dynamic, 7)
  for (int i = 1; i < N; i++) {
    double step = 1.0 / (i + 1);
#pragma omp ordered doacross(sink : i - 1)
    x[i] = x[i - 1] * 0.75 + step;
#pragma omp ordered doacross(source :)
  }
  int same = 0;
  for (int i = 1; i < N; i++) {
    ref[i] = ref[i - 1] * 0.75 + 1.0 / (i + 1);
    same += ref[i] == x[i];
  }
  printf("doacross: %d iterations in order, %s\n", same,
         same == N - 1 ? "same as serial" : "NOT the serial result");
  return 0;
}
