// Reductions of complex variables with + and -: the two parts add up
// independently, so the runtime reduces two elements. They were refused
// ("must have an arithmetic type"), which C's complex types are. Found by
// a helper acting as a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: complex-reduction: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <complex.h>
double complex g;
int main(void){
  double complex z = 0, w = 1.0, t = 0;
  float complex f = 0;
  #pragma omp parallel for reduction(+:z) reduction(-:f)
  for (int i = 0; i < 10; i++) { z += i + 1.0*I; f -= 2.0f*I; }
  #pragma omp parallel
  {
    #pragma omp for reduction(+:g)
    for (int i = 0; i < 100; i++) g += (i % 3) * I + 0.5;
    #pragma omp sections reduction(+:t)
    { 
      #pragma omp section
      t += 1;
      #pragma omp section
      t += 2*I;
    }
  }
  #pragma omp parallel
  #pragma omp single
  #pragma omp taskloop reduction(+:w)
  for (int i = 0; i < 20; i++) w += I;
  printf("%.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f\n", creal(z), cimag(z), crealf(f), cimagf(f), creal(g), cimag(g), creal(t), cimag(t), creal(w), cimag(w));
}
