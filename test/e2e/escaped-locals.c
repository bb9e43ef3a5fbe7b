// Automatic variables of functions that do not fork, whose address reaches
// a parallel region in a callee: a scalar, an array (it decays), a struct,
// a parameter, a loop's own variable, an address stored in a pointer
// first, an address handed on by a function that does not fork itself,
// and a local of a function that is called from main through two levels.
// Threads of every rank must see the same storage, so all of them live in
// the pool.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: escaped-locals: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <string.h>

#define N 400

struct stats {
  long count;
  double max;
};

static void add_into(double *acc, int n) {
  double part = 0;
#pragma omp parallel for reduction(+:part)
  for (int i = 0; i < n; i++)
    part += i;
#pragma omp parallel
  {
#pragma omp single
    *acc += part / 1000;
  }
}

static void fill(double *v, int n, double f) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    v[i] = i * f + v[i];
}

static void gather(struct stats *s, const double *v, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    {
      s->count++;
      if (v[i] > s->max)
        s->max = v[i];
    }
  }
}

static void spread(const double *x, double *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = *x;
}

/* Forks nothing itself: hands the address on. */
static void relay(double *acc) { add_into(acc, N); }

static double twice(double x) {
  fill(&x, 1, 0.0); /* v[0] = 0 * 0.0 + v[0]: x unchanged, read by every thread */
  add_into(&x, 10);
  return 2 * x;
}

static void driver(void) {
  double sum = 0;
  double values[N];
  struct stats st = {0, -1.0};
  memset(values, 0, sizeof values);
  add_into(&sum, N);
  fill(values, N, 0.5);
  gather(&st, values, N);
  double *where = &sum;
  relay(where);
  double other = 1;
  relay(&other);
  double spread_out[8], steps = 0;
  for (double step = 0.5; step < 4; step *= 2) { /* a loop's own variable */
    spread(&step, spread_out, 8);
    steps += spread_out[7];
  }
  printf("sum=%.3f other=%.3f count=%ld max=%.1f twice=%.3f steps=%.1f\n", sum, other, st.count,
         st.max, twice(3.0), steps);
}

static void outer(void) {
  long checks[4] = {0, 0, 0, 0};
  for (int k = 0; k < 2; k++) {
    driver();
#pragma omp parallel for
    for (int i = 0; i < 4; i++)
      checks[i] += i + k;
  }
  printf("checks=%ld %ld %ld %ld\n", checks[0], checks[1], checks[2], checks[3]);
}

int main(void) {
  outer();
  return 0;
}
