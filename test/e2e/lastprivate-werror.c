// A lastprivate(conditional:) copy that only some iterations assign, and a
// taskloop's lastprivate copy, are copied out where gcc cannot prove them
// assigned: -Wall -Werror stopped the build of a program gcc -fopenmp
// builds cleanly ("'lv' may be used uninitialized"). The copies start
// zeroed now (a private copy's first value is unspecified). (Found by a
// sweep of OpenMP Examples style programs.)
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: lastprivate-werror: all 5 configurations match gcc -fopenmp
// RUN: %paradecc -O1 -Wall -Werror -c %s -o %t.o1
// RUN: %paradecc -O2 -Wall -Werror -c %s -o %t.o2
// RUN: %paradecc -O3 -Wall -Werror -c %s -o %t.o3
#include <stdio.h>

double a[100];

int main(void) {
  for (int i = 0; i < 100; i++)
    a[i] = (i * 37 % 100) / 100.0;
  int last = -1;
  double lv = 0;
#pragma omp parallel for lastprivate(conditional : last, lv)
  for (int i = 0; i < 100; i++)
    if (a[i] > 0.5) {
      last = i;
      lv = a[i];
    }
  printf("conditional: %d %.2f\n", last, lv);
  int final = -1;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop lastprivate(final)
  for (int i = 0; i < 100; i++)
    final = i * 2;
  printf("taskloop: %d\n", final);
  return 0;
}
