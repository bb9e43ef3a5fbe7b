// Static locals of a type the function declares in a statement of its own
// (`struct block { ... }; static struct block big;`, a typedef of an
// unnamed struct, an enum), in a function with a parallel region and in
// one without (called from a region: its statics live in the pool too).
// The pool pointer at file scope named a type that was hoisted after it,
// or not at all in the function without a region, and gcc refused the
// translation ("invalid application of 'sizeof' to incomplete type").
// What leaves a function goes in the order of the source: a local enum
// whose value names a static (names_total) comes after the static's pool
// pointer, a static declared with its own struct after the typedef the
// struct uses; and a static's type brings the enum of its array bound, its
// initialiser the struct its sizeof names (counted, a function without a
// region; found by review).
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

static int names_total(void) {
  static const char *names[] = {"a", "bb", "ccc"};
  enum { N = sizeof names / sizeof names[0] };
  int h = 0;
#pragma omp parallel for reduction(+ : h)
  for (int i = 0; i < N; i++)
    h += names[i][0];
  return h;
}

static int counted(int k) {
  typedef int cnt_t;
  static struct {
    cnt_t n;
  } t;
  enum { SLOTS = 4 };
  struct ring {
    int v[SLOTS];
  };
  static struct ring r;
  typedef int pair_t[SLOTS / 2];
  static pair_t last_two;
  struct rec {
    int a;
    double b;
  };
  static unsigned long sz = sizeof(struct rec);
  int got;
#pragma omp critical
  {
    t.n += k;
    r.v[k % SLOTS] += 1;
    last_two[k % 2] = k;
    got = t.n + r.v[0] + (int)sz + last_two[0] * 0;
  }
  return got;
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
#pragma omp parallel for
  for (int i = 0; i < 20; i++)
    (void)counted(i);
  printf("run %g %g names %d counted %d\n", a, b, names_total(), counted(0));
  return 0;
}
