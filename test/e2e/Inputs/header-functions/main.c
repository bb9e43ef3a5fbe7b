#include "outer.h"
#include "outer.h" /* guarded: nothing the second time */
#include <stdio.h>

double second(void);
static double a[1000];

int main(void) {
  for (int i = 0; i < 1000; i++)
    a[i] = i;
#pragma omp parallel
  scale(a, 1000);
  printf("total %g marker %d line %d\n", total(a, 1000), outer_marker, __LINE__);
  printf("second %g\n", second());
  return 0;
}
