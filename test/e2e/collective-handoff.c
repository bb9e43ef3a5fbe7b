// Threads that hand off to each other through shared memory before or
// after a critical, an atomic update or a single nowait: a collective
// would make every thread wait for the others at the construct while one
// of them waits for another to pass it, and the program would hang. Such
// constructs keep the distributed lock (or thread 0 and no barrier).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: collective-handoff: all {{[0-9]+}} configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

int turn, ready, produced, seen;
double total;

int main(void) {
  // Tickets: each thread waits for its turn, then passes it on.
#pragma omp parallel
  {
    int me = omp_get_thread_num(), t;
    do {
#pragma omp atomic read
      t = turn;
    } while (t != me);
#pragma omp atomic
    turn++;
  }
  // The others wait until thread 0 is past the critical.
#pragma omp parallel
  {
    int me = omp_get_thread_num(), r;
    if (me != 0) {
      do {
#pragma omp atomic read
        r = ready;
      } while (!r);
    }
#pragma omp critical
    total += me;
    if (me == 0) {
#pragma omp atomic write
      ready = 1;
    }
  }
  // A single nowait whose thread then releases the others, which meet the
  // single only after that.
#pragma omp parallel
  {
    int me = omp_get_thread_num(), p;
    if (me != 0) {
      do {
#pragma omp flush
#pragma omp atomic read
        p = produced;
      } while (!p);
    }
#pragma omp single nowait
    seen = 1;
    if (me == 0) {
#pragma omp atomic write
      produced = 1;
    }
  }
  int n = omp_get_max_threads();
  printf("turn %d total %d seen %d\n", turn == n, total == n * (n - 1) / 2, seen);
  return 0;
}
