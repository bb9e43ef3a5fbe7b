// Threads that wait for another by polling a flag through a critical (the
// waiting pattern of OpenMP's Examples, acquire_release.1) while the
// thread they wait for meets, before it sets the flag, an atomic or a
// critical that parade maps to a collective, or a `for reduction nowait`:
// the collective waited for the pollers and they for it (a hang at 1x2,
// 2x1 and 2x2). A critical polled in a loop now keeps the region's
// constructs off the collective paths. Found by a helper acting as a new
// user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: critical-polling: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

int flag1, flag2, flag3, flag4, count, count4, threads;
double best = -1;
long s;

static int peek(int *flag) {
  int v;
#pragma omp critical
  v = *flag;
  return v;
}

int main(void) {
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    if (id != 0) {
      int tmp = 0;
      while (tmp == 0) {
#pragma omp critical
        tmp = flag1;
      }
    }
#pragma omp atomic
    count++;
    if (id == 0) {
#pragma omp critical
      flag1 = 1;
      threads = omp_get_num_threads();
    }
  }
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    double mine = id + 0.5;
    if (id != 0)
      for (;;) {
        int t;
#pragma omp critical
        t = flag2;
        if (t)
          break;
      }
#pragma omp critical
    if (mine > best)
      best = mine;
    if (id == 0) {
#pragma omp critical
      flag2 = 1;
    }
  }
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    if (id != 0)
      do {
#pragma omp critical
        id = flag3 ? 0 : id;
      } while (id != 0);
#pragma omp for schedule(static) reduction(+ : s) nowait
    for (int i = 0; i < 100; i++)
      s += i;
    if (omp_get_thread_num() == 0) {
#pragma omp critical
      flag3 = 1;
    }
  }
  // Polling through a function that is also called outside the loop, and
  // in a for loop whose condition is not its counter.
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    if (id != 0) {
      int t = peek(&flag4);
      for (int k = 0; !t; k++)
        t = peek(&flag4);
    }
#pragma omp atomic
    count4++;
    if (id == 0) {
#pragma omp critical
      flag4 = 1;
    }
  }
  printf("count-ok %d best-ok %d s %ld count4-ok %d\n", count == threads, best == threads - 0.5, s,
         count4 == threads);
  return 0;
}
