// A variable both firstprivate and lastprivate on one construct: every
// thread's copy starts from the original and the last iteration's value is
// copied out. The translator kept only the later clause, so the copies
// started uninitialised (a[0] came out as 4471744 where gcc gives 10). The
// copy-in and the copy-out are ordered by a barrier, as gcc orders them.
// On for, sections and parallel for, for scalars and an array; each
// iteration checks that it sees the original or a value an earlier
// iteration of the same thread wrote, whatever the schedule.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: first-and-last-private: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#define N 100
int main(void) {
  int x = 10, y = 20, z = 30;
  int arr[3] = {1, 2, 3};
  int bad = 0;
#pragma omp parallel reduction(+ : bad)
  {
#pragma omp for firstprivate(x) lastprivate(x)
    for (int i = 0; i < N; i++) {
      bad += !(x == 10 || (x >= 0 && x < i));
      x = i;
    }
#pragma omp sections firstprivate(z) lastprivate(z)
    {
#pragma omp section
      {
        bad += !(z == 30 || z == 2);
        z = 1;
      }
#pragma omp section
      {
        bad += !(z == 30 || z == 1);
        z = 2;
      }
    }
  }
#pragma omp parallel for lastprivate(y, arr) firstprivate(arr, y) reduction(+ : bad)
  for (int i = 0; i < N; i++) {
    bad += !(y == 20 || (y >= 0 && y < i));
    bad += !(arr[0] == 1 && arr[1] == 2 && (arr[2] == 3 || (arr[2] >= 0 && arr[2] < i)));
    y = i;
    arr[2] = i;
  }
  printf("x=%d y=%d z=%d arr=%d,%d,%d; iterations that saw a wrong private copy: %d\n", x, y, z,
         arr[0], arr[1], arr[2], bad);
  return 0;
}
