// A program that defines functions named read and write (unrelated to the
// C library's): neither the runtime nor the MPI library underneath may
// reach them. They did: the job hung at P = 1 and crashed at P = 2.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: own-read-write: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>
#include <string.h>
/* The program's own write and read, as some codes define (a solver's
 * "write the result" routine). */
static int written;
void write(double *v, int n) {
  for (int i = 0; i < n; i++)
    written += v[i] > 0;
}
int read(void) { return 7; }
int main(void) {
  double v[100];
  int r = read();
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    v[i] = i * r;
  write(v, 100);
  printf("written %d read %d\n", written, r);
  return 0;
}
