// Orphaned directives (a for, critical, barrier and single inside
// functions called from a region), the lock API, nested parallel regions
// (serialized), threadprivate with copyin, num_threads and if clauses, and
// an undeferred task.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: orphaned: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define N 1000
double x[N];
long total;
omp_lock_t lock;
int counter;
#pragma omp threadprivate(counter)

static void scale(double factor) {
#pragma omp for
  for (int i = 0; i < N; i++)
    x[i] = i * factor;
}

static void add_up(void) {
  double mine = 0;
#pragma omp for nowait
  for (int i = 0; i < N; i++)
    mine += x[i];
#pragma omp critical
  total += (long)mine;
#pragma omp barrier
}

int main(void) {
  omp_init_lock(&lock);
  long locked = 0, nested = 0, copied = 0, small = 0, tasks = 0;
  counter = 5;
#pragma omp parallel
  {
    scale(2.0);
    add_up();
    omp_set_lock(&lock);
    locked++;
    omp_unset_lock(&lock);
    int inner = 0;
#pragma omp parallel reduction(+:inner)
    inner += omp_get_num_threads();
#pragma omp atomic
    nested += inner;
  }
#pragma omp parallel copyin(counter) reduction(+:copied)
  copied += counter;
#pragma omp parallel num_threads(2) reduction(+:small)
  small += 1;
#pragma omp parallel if (0) reduction(+:small)
  small += 10;
#pragma omp parallel
  {
    int seed = omp_get_thread_num() >= 0;
#pragma omp task firstprivate(seed) shared(tasks)
    {
#pragma omp atomic
      tasks += seed;
    }
#pragma omp taskwait
  }
  int threads_ok = locked == nested && copied == 5 * locked && tasks == locked;
  printf("total=%ld consistent=%d small=%ld\n", total, threads_ok, small);
  omp_destroy_lock(&lock);
  return 0;
}
