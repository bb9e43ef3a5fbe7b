// Types that a region's translation must spell where the program's own
// spelling does not work:
// - a struct defined together with one variable (`struct counter {...}
//   zero`), and another variable of it, declared apart, that a region
//   shares: the struct stayed in the function and the outlined region said
//   "invalid use of undefined type 'struct counter'";
// - a typedef that a variable of an inner block has the name of (`typedef
//   int T;` and `int T = 3;`), a reduction over a variable of the typedef
//   inside that block: the copies were declared `T total`, where T is the
//   variable, and the program did not build.
// Both found by a helper's sweep.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: type-names-in-regions: all 5 configurations match gcc -fopenmp
#include <stdio.h>

typedef int T;
typedef double real;

static real weigh(int n) {
  struct weight { real w; int count; } none = {0, 0};
  struct weight total = none;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    total.count++;
#pragma omp atomic
    total.w += 0.5 * i;
  }
  return total.w + total.count;
}

int main(void) {
  struct counter { int n; } zero = {0};
  struct counter c = zero, hits[4] = {{0}};
  struct tally { int n; } none = {0};
  typeof(none) d = none; /* the only local of the struct a directive names */
#pragma omp parallel for
  for (int i = 0; i < 40; i++) {
#pragma omp atomic
    c.n++;
#pragma omp atomic
    hits[i % 4].n += i;
#pragma omp atomic
    d.n += 2;
  }
  T total = 0;
  real scale = 2;
  {
    int T = 3;
    double real = 0.25;
#pragma omp parallel for reduction(+: total, scale)
    for (int i = 0; i < 50; i++) {
      total += i * T;
      scale += real;
    }
  }
  printf("c=%d d=%d hits=%d,%d,%d,%d zero=%d,%d total=%d scale=%.2f weigh=%.1f\n", c.n, d.n,
         hits[0].n, hits[1].n, hits[2].n, hits[3].n, zero.n, none.n, total, scale, weigh(30));
  return 0;
}
