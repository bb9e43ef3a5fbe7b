// A target that runs in serial code and holds a parallel region, with a
// variable the target makes private or firstprivate (explicitly, or a
// scalar it does not map) that the region writes: the target's copy was
// on the encountering thread's stack, and the outlined region still named
// the variable, so the program did not compile (OpenMP_VV's
// test_target_private and test_target_task_depend_mutexinoutset; found by
// a helper). The target now works on the original, saved before it and
// restored after it: the region's threads on every node see the target's
// values, and the original is unchanged after the target. A target inside
// a region (whose own region is serialized) keeps its copies.
//
// REQUIRES: translator
// RUN: %paradecc -Rparade -c %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %compare-with-gcc %s | FileCheck %s
// REMARK: remark: 'c' is private to the 'target' that holds a parallel region: the target works on it and it is restored after the target
// CHECK: e2e: target-private-region: all 5 configurations match gcc -fopenmp
#include <stdio.h>

int main(void) {
  // An unmapped scalar (firstprivate) set by one thread of the region.
  int c = 5, d = 0;
#pragma omp target map(from : d)
  {
#pragma omp parallel
#pragma omp single
    c += 1;
    d = c;
  }
  printf("implicit firstprivate: inside %d, after %d\n", d, c);

  // private: every thread writes it, and reads its own write under atomic.
  int p = -1, out = 0;
#pragma omp target map(tofrom : out) private(p)
  {
#pragma omp parallel
    {
#pragma omp single
      p = 1;
#pragma omp atomic
      out += p;
    }
  }
  printf("private: after %d, every thread saw 1: %d\n", p, out > 0);

  // A firstprivate array the region's loop writes, summed in the target.
  int a[100], sum = 0;
  for (int i = 0; i < 100; i++)
    a[i] = 1;
#pragma omp target firstprivate(a) map(tofrom : sum)
  {
#pragma omp parallel for
    for (int i = 0; i < 100; i++)
      a[i] = i;
    for (int i = 0; i < 100; i++)
      sum += a[i];
  }
  printf("firstprivate array: sum inside %d, a[99] after %d\n", sum, a[99]);

  // Inside a region: the nested region is serialized, the copies stay.
  int total = 0;
#pragma omp parallel reduction(+ : total)
  {
    int e = 0, f = 0;
#pragma omp target map(from : f)
    {
#pragma omp parallel
      e = 2;
      f = e;
    }
    total += f * 10 + e;
  }
  printf("in a region: every thread %d\n", total % 20 == 0 && total > 0);
  return 0;
}
