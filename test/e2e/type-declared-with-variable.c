// A local whose address escapes lives in the pool, where other nodes reach
// it; one declared together with its type (`struct pt {...} p;`, or an
// anonymous struct, which has no name to declare the pool's pointer with)
// keeps its declaration and its name stands for the pool's storage from
// there on. It was refused ("a type declared together with a shared
// variable is not supported"), even in a file without OpenMP. Regions read
// both through pointers kept in globals, on every node.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: type-declared-with-variable: all 5 configurations match gcc -fopenmp
#include <stdio.h>

static int *point_x;
static double *values;

static void fill(double *v, int n) {
  for (int i = 0; i < n; i++)
    v[i] = 1.5 * i;
}

static long use(void) {
  long sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 100; i++)
    sum += *point_x + (long)values[i % 4];
  return sum;
}

int main(void) {
  struct pt {
    int x, y;
  } p = {1, 2};
  struct {
    double v[4];
  } s;
  point_x = &p.x;
  *point_x += 10;
  fill(s.v, 4);
  values = s.v;
  printf("%d %d %.1f %ld\n", p.x, p.y, s.v[0] + s.v[3], use());
  return 0;
}
