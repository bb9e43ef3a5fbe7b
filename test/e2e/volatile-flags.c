// Threads hand data on through volatile flags without a flush: a
// producer/consumer pair (the Hands-on OpenMP prod_cons idiom, before its
// flushes are added), a pipeline of volatile progress counters, and a
// volatile counter bumped under a critical. On one machine these work; on
// the DSM the reader spun on its cached copy of the flag forever (the
// program hung at 2x2). Each access to a volatile object that may be shared
// is now a flush.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: volatile-flags: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <signal.h>
#include <stdio.h>

#define N 2000
#define STAGES 64

static double A[N];
static volatile int flag = 0;
static volatile int progress[STAGES];
static volatile sig_atomic_t signalled = 0;
static volatile long bumps;

static void fill(double *a) {
  for (int i = 0; i < N; i++)
    a[i] = i % 17 + 0.5;
}

static double sum_array(const double *a) {
  double s = 0;
  for (int i = 0; i < N; i++)
    s += a[i];
  return s;
}

int main(void) {
  double sum = 0;
  long stage_sum = 0;
  volatile int rounds = 3; // a private local: left as it is
#pragma omp parallel
  {
    int me = omp_get_thread_num(), last = omp_get_num_threads() - 1;
    if (me == 0) {
      fill(A);
      flag = 1;
    }
    if (me == last) {
      while (flag == 0)
        ;
      sum = sum_array(A);
    }
    // A pipeline: each thread waits for the one before it at each stage.
    for (int s = 0; s < STAGES; s++) {
      if (me > 0)
        while (progress[s] < me)
          ;
      if (me == last) {
#pragma omp atomic
        stage_sum += s;
      }
      progress[s]++;
    }
#pragma omp critical
    bumps += 2;
  }
  for (int r = 0; r < rounds; r++)
    signalled = signalled + 1;
  printf("sum %.1f stages %ld bumps-per-thread %ld signalled %d\n", sum, stage_sum,
         bumps / omp_get_max_threads(), (int)signalled);
  return 0;
}
