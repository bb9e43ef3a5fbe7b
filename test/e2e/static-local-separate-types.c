// Static locals of a type the function declares in a statement of its own
// (`struct block { ... }; static struct block big;`, a typedef of an
// unnamed struct, an enum), in a function with a parallel region and in
// one without (called from a region: its statics live in the pool too).
// The pool pointer at file scope named a type that was hoisted after it,
// or not at all in the function without a region, and gcc refused the
// translation ("invalid application of 'sizeof' to incomplete type").
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: static-local-separate-types: all 5 configurations match gcc -fopenmp
#include <stdio.h>

static int bump(int k) {
  typedef struct {
    int calls;
    int sum;
  } tally_t;
  enum mode { COUNT, SKIP };
  static tally_t t;
  static enum mode m = COUNT;
  int got;
#pragma omp critical
  {
    if (m == COUNT) {
      t.calls++;
      t.sum += k;
    }
    got = t.calls;
  }
  return got > 0;
}

static double run(int n) {
  struct block {
    double v[8];
    int used;
  };
  static struct block big;
  static struct block *last;
  struct block mine = big;
  mine.v[1] = 2;
  double s = 0;
#pragma omp parallel for firstprivate(mine) reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += mine.v[1] * i + bump(i);
#pragma omp parallel
  {
#pragma omp single
    {
      big.used += n;
      last = &big;
    }
  }
  return s + last->used;
}

int main(void) {
  double a = run(40), b = run(10);
  printf("run %g %g\n", a, b);
  return 0;
}
