// An orphaned ordered region (in a function the loop body calls) binds to
// the ordered loop the thread is running: output in iteration order with
// dynamic and static schedules, iterations that skip the function, a
// nested serialized ordered loop before the region in an iteration, and the
// function called from serial code (the region simply runs). Compared
// with gcc -fopenmp.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: orphaned-ordered: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>

static int sequence[64], next;

static void record(int i) {
#pragma omp ordered
  {
    sequence[next++] = i;
    printf("%d ", i);
  }
}

static void keep(int *seq, int *n, int v) {
#pragma omp ordered
  seq[(*n)++] = v;
}

/* A nested (serialized) ordered loop: its ordered regions bind to it; the
 * caller's next orphaned region binds to the outer loop again. */
static int inner_loop(int base) {
  int seq[3], n = 0;
#pragma omp parallel for ordered
  for (int j = 0; j < 3; j++)
    keep(seq, &n, base + j);
  return n == 3 && seq[0] == base && seq[1] == base + 1 && seq[2] == base + 2;
}

int main(void) {
#pragma omp parallel for ordered schedule(dynamic, 3)
  for (int i = 0; i < 30; i++)
    if (i % 4 != 1)
      record(i);
  printf("\n");
#pragma omp parallel for ordered schedule(static)
  for (int i = 0; i < 8; i++) {
    int inner_ok = i % 2 ? 1 : inner_loop(10 * i);
    record(inner_ok ? 100 + i : -1);
  }
  printf("\n");
  record(999);
  printf("\n");
  int wrong = 0;
  for (int k = 1; k < next; k++)
    wrong += sequence[k] < sequence[k - 1];
  printf("recorded %d out of order %d\n", next, wrong);
  return 0;
}
