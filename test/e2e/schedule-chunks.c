// Every chunk of a dynamic,k loop starts at a multiple of k and every
// chunk of a guided,k loop but the last has at least k iterations, as
// OpenMP says: each node's share of the iterations began at count*r/P, so
// a chunk was split where two nodes' shares met (30-39 ran as 30-32 and
// 33-42 at 3x1), and steals split chunks too. omp_set_schedule with a
// chunk below 1 sets the default chunk. Found by a helper acting as a new
// user (the validation suites' omp_for_schedule_dynamic and _guided).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: schedule-chunks: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define N 1003
int tid[N];

/* Chunks whose first iteration is not a multiple of k. */
static int misaligned(int k) {
  int bad = 0;
  for (int i = 1; i < N; i++)
    bad += tid[i] != tid[i - 1] && i % k != 0;
  return bad;
}

/* Runs of one thread's iterations shorter than k, but the last. */
static int short_runs(int k) {
  int bad = 0, start = 0;
  for (int i = 1; i <= N; i++)
    if (i == N || tid[i] != tid[i - 1]) {
      bad += i < N && i - start < k;
      start = i;
    }
  return bad;
}

static void work(int i) {
  volatile double x = 0; /* uneven work, so that nodes steal */
  for (int j = 0; j < (i % 97) * 40; j++)
    x = x + j;
  tid[i] = omp_get_thread_num();
}

int main(void) {
  long sum = 0;
#pragma omp parallel for schedule(monotonic : dynamic, 10) reduction(+ : sum)
  for (int i = 0; i < N; i++) {
    tid[i] = omp_get_thread_num();
    sum += i;
  }
  printf("monotonic dynamic,10: misaligned %d\n", misaligned(10));
#pragma omp parallel for schedule(dynamic, 7) reduction(+ : sum)
  for (int i = 0; i < N; i++) {
    work(i);
    sum += i;
  }
  printf("dynamic,7: misaligned %d\n", misaligned(7));
#pragma omp parallel for schedule(guided, 9) reduction(+ : sum)
  for (int i = 0; i < N; i++) {
    work(i);
    sum += i;
  }
  printf("guided,9: short chunks %d\n", short_runs(9));
  printf("sum %ld\n", sum);
  omp_sched_t kind;
  int chunk;
  omp_set_schedule(omp_sched_dynamic, 0);
  omp_get_schedule(&kind, &chunk);
  printf("dynamic,0 -> %d,%d\n", (int)kind, chunk);
  omp_set_schedule(omp_sched_guided, -3);
  omp_get_schedule(&kind, &chunk);
  printf("guided,-3 -> %d,%d\n", (int)kind, chunk);
  omp_set_schedule(omp_sched_static, -1);
  omp_get_schedule(&kind, &chunk);
  printf("static,-1 -> %d,%d\n", (int)kind, chunk);
  return 0;
}
