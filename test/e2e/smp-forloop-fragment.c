// hypre's (AMGmk's) fragment idiom: a function defines SMP_PRIVATE, then
// #includes a header holding a loop directive that names it, and ending in
// #undef SMP_PRIVATE; the loop follows in the function, and a second
// #define SMP_PRIVATE comes later. The header is written into the function
// and the directive replaced by its translation: its #undef went with the
// directive, so the second #define redefined the macro (a warning of gcc's
// that gcc -fopenmp does not give; an error with -Werror). Directive lines
// (#define, #undef) between a directive and its statement stay, as
// conditional lines do. (Found by a helper's sweep of benchmark-suite
// programs.)
//
// REQUIRES: translator
// RUN: %paradecc -O2 -fopenmp -Wall -Werror -I%S/Inputs/smp-forloop %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 3 %t | FileCheck %s
// CHECK: checksum 5985.000 defined 0
#include <stdio.h>

#define N 1000

static double x[N], y[N];

static void relax(void) {
  int i, j;
#define SMP_PRIVATE i
#include "smp_forloop.h"
  for (i = 0; i < N; i++)
    y[i] = x[i];

#define SMP_PRIVATE i, j
#include "smp_forloop.h"
  for (j = 0; j < 4; j++)
    for (i = j * (N / 4); i < (j + 1) * (N / 4); i++)
      x[i] = 0.5 * (y[i] + (i > 0 ? y[i - 1] : 0.0));
}

int main(void) {
  double s = 0;
  for (int i = 0; i < N; i++)
    x[i] = i % 7;
  relax();
  for (int i = 0; i < N; i++)
    s += x[i] * (i % 3 + 1);
#ifdef SMP_PRIVATE
  int defined = 1;
#else
  int defined = 0;
#endif
  printf("checksum %.3f defined %d\n", s, defined);
  return 0;
}
