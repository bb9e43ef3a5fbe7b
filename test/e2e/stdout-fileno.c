// fileno(stdout) names the rank's standard output: stdout is a stream of
// parade's (it keeps whole lines), whose own descriptor is -1, so
// write(fileno(stdout), ...) wrote nothing at P > 1. Found by review.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: stdout-fileno: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n += 1;
  printf("threads counted: %d\n", n > 0);
  fflush(stdout);
  const char *raw = "written to the descriptor\n";
  if (write(fileno(stdout), raw, strlen(raw)) != (ssize_t)strlen(raw))
    printf("write failed\n");
  printf("fileno %d\n", fileno(stdout));
  return 0;
}
