// A pthread mutex in shared data (a global, or the heap) excludes the
// threads of every rank, as it excludes a process's threads: it excluded
// only those of one rank (374750 where gcc gives 499500 at 2x2). One on a
// thread's stack stays the C library's. Found by a helper acting as a new
// user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: pthread-mutex: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
long total = 0;
struct acc { pthread_mutex_t m; long n; };
int main(void) {
  struct acc *a = malloc(sizeof *a);
  pthread_mutex_init(&a->m, NULL);
  a->n = 0;
  pthread_mutex_t local = PTHREAD_MUTEX_INITIALIZER;
  int tries = 0;
  #pragma omp parallel for reduction(+:tries)
  for (int i = 0; i < 1000; i++) {
    pthread_mutex_lock(&mu); total += i; pthread_mutex_unlock(&mu);
    while (pthread_mutex_trylock(&a->m) != 0) tries += 0;
    a->n++;
    pthread_mutex_unlock(&a->m);
  }
  pthread_mutex_lock(&local); pthread_mutex_unlock(&local);
  printf("%ld %ld\n", total, a->n);
  pthread_mutex_destroy(&a->m);
  free(a);
  return 0;
}
