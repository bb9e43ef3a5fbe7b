#include <omp.h>
#include <stdio.h>

double integrate(int n);
extern double field[1000];

int main(void) {
  double pi = integrate(100000);
  printf("pi %.6f field %.3f threads>0 %d\n", pi, field[999], omp_get_max_threads() > 0);
  return 0;
}
