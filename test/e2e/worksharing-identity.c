// Work-sharing constructs are matched by their place in the team's
// sequence, which restarts in every region: an orphaned dynamic loop met
// first from serial code (a team of one) and then inside a region, a
// serialized nested region, and a region that leaves threads out, followed
// by ordered and dynamic loops. Before the identity was team-scoped this
// deadlocked at 1x2 and 2x2, and dynamic loops lost or repeated iterations.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: worksharing-identity: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>

#define N 4000
int hits[N];
int nested_wrong;

static void dynamic_pass(int step) {
#pragma omp for schedule(dynamic, 7)
  for (int i = 0; i < N; i++)
    hits[i] += step;
}

static long ordered_pass(void) {
  long chain = 0;
#pragma omp parallel for ordered schedule(dynamic, 3) reduction(+ : chain)
  for (int i = 0; i < 50; i++) {
#pragma omp ordered
    chain += i;
  }
  return chain;
}

int main(void) {
  dynamic_pass(1); /* serial: a team of one */
#pragma omp parallel
  {
    dynamic_pass(10);
    long mine = 0;
#pragma omp parallel shared(mine) /* nested: serialized, a team of one */
    {
#pragma omp for schedule(dynamic, 5)
      for (int i = 0; i < N; i++)
        mine += i;
    }
    if (mine != (long)N * (N - 1) / 2) {
#pragma omp atomic
      nested_wrong++;
    }
    dynamic_pass(1000);
  }
#pragma omp parallel num_threads(1)
  dynamic_pass(10000);
  long chain = 0;
  for (int step = 0; step < 20; step++) /* a time-step loop around ordered */
    chain += ordered_pass();
  long sum = 0;
  int wrong = 0;
  for (int i = 0; i < N; i++) {
    if (hits[i] != 11011)
      wrong++;
    sum += hits[i];
  }
  printf("wrong=%d nested_wrong=%d sum=%ld chain=%ld\n", wrong, nested_wrong, sum, chain);
  return 0;
}
