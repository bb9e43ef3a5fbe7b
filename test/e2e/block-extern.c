// A block-scope extern declaration names the global, shared like any
// other. Before, it became a fresh pooled local that shadowed the global:
// the program silently ran with an empty string.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: block-extern: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>
#include <string.h>

char type[120];
int size = 3;

static void setup(void) {
  strcpy(type, "classA");
  size = 40;
}

int main(void) {
  extern char type[120];
  extern int size;
  setup();
  int letters = 0, sizes = 0;
#pragma omp parallel reduction(+ : letters, sizes)
  {
    letters += (int)strlen(type) == 6;
    sizes += size == 40;
  }
  printf("type %s size %d all threads saw them: %s\n", type, size,
         letters == sizes && letters > 0 ? "yes" : "no");
  return 0;
}
