// A worksharing loop inside a parallel region writes its linear,
// lastprivate and reduction variables' originals when it ends, even when
// the region's body never assigns them: the region must share them, not
// pass each thread a copy. With linear(k : 2) on a loop whose body only
// reads k, the final value went to the region's copy and k stayed 3 (the
// value after the loop is 3 + 2 * 99 = 201; gcc 12 prints k=137 a[99]=137
// with three threads and k=3 a[99]=3 with one, so
// this test checks parade's output against the specification, not gcc).
//
// REQUIRES: translator
// RUN: %paradecc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 3 %t | FileCheck %s
// RUN: %paradecc -O2 -fparade-sync=lock %s -o %t.lock
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t.lock | FileCheck %s
//
// CHECK: k=201 a[99]=201 last=7 total=10
#include <stdio.h>
#define N 100
int a[N];
int main(void) {
  int k = 3, last = -1, total = 10;
#pragma omp parallel
  {
#pragma omp for linear(k : 2)
    for (int i = 0; i < N; i++)
      a[i] = k;
#pragma omp for lastprivate(last)
    for (int i = 0; i < N; i++)
      if (i == N - 1)
        last = 7;
#pragma omp for reduction(+ : total)
    for (int i = 0; i < N; i++)
      (void)i;
  }
  printf("k=%d a[99]=%d last=%d total=%d\n", k, a[N - 1], last, total);
  return 0;
}
