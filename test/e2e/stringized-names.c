// A shared local named in a macro's argument keeps its name there, so a
// macro that turns its argument into a string prints what the program
// wrote (`SHOW(total)` printed "(*parade_s_total_0) = 45"): the name stands
// for the pool's storage, in the function and in code outlined from it,
// and for the private copy inside a construct that makes it private.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: stringized-names: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define SHOW(x) printf("%s = %ld\n", #x, (long)(x))
#define CHECK(c) printf("check %s -> %d\n", #c, (c) ? 1 : 0)

int main(void) {
  long total = 0, hits = 0, scratch = 5;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < 10; i++)
    total += i;
  SHOW(total);
  CHECK(total == 45);
#pragma omp parallel
  {
#pragma omp atomic
    hits += 1;
#pragma omp barrier
#pragma omp single
    CHECK(hits > 0);
#pragma omp for private(scratch) reduction(+ : total)
    for (int i = 0; i < 4; i++) {
      scratch = i;
      total += scratch;
    }
  }
  SHOW(total);
  SHOW(scratch + 1);
  return 0;
}
