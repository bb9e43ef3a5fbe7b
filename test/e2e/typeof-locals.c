// Variables whose type is written typeof(a local or a parameter), passed to
// a region: the region's argument block at file scope spelled the type as
// written, naming a variable it cannot see ('a' undeclared here), and the
// program did not build. typeof of a pointer's target, of a parameter, in
// a pointer and an array declarator, __typeof__, and a swap macro built on
// typeof inside a region.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: typeof-locals: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define SWAP(x, y)                                                                                 \
  do {                                                                                             \
    typeof(x) swap_tmp = (x);                                                                      \
    (x) = (y);                                                                                     \
    (y) = swap_tmp;                                                                                \
  } while (0)

static long scaled(int n, double factor) {
  typeof(factor) acc = 0;
  typeof(n) count = 0;
#pragma omp parallel for reduction(+: acc, count)
  for (int i = 0; i < n; i++) {
    acc += i * factor;
    count++;
  }
  return (long)acc + count;
}

int main(void) {
  long a = 1;
  typeof(a) b = 0;
#pragma omp parallel for reduction(+: b)
  for (int i = 0; i < 100; i++)
    b += i;

  double values[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  double *v = values;
  typeof(*v) first = 0;
  __typeof__(v) where = NULL;
  typeof(a) table[4] = {0};
  typeof(a) *cursor = &table[0];
#pragma omp parallel
  {
#pragma omp single
    {
      first = v[0] + v[7];
      where = v + 3;
    }
#pragma omp for
    for (int i = 0; i < 4; i++)
      table[i] = i * 10;
#pragma omp single
    *cursor += 5;
  }

  int pairs[16];
  for (int i = 0; i < 16; i++)
    pairs[i] = i;
#pragma omp parallel for
  for (int i = 0; i < 16; i += 2)
    SWAP(pairs[i], pairs[i + 1]);

  printf("b=%ld first=%.1f where=%.1f table=%ld,%ld,%ld,%ld scaled=%ld pairs=%d,%d,%d\n", b,
         first, *where, table[0], table[1], table[2], table[3], scaled(50, 0.5), pairs[0],
         pairs[1], pairs[15]);
  return 0;
}
