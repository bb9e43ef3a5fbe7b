// A pthread mutex in shared data (a global, or the heap) excludes the
// threads of every rank, as it excludes a process's threads: it excluded
// only those of one rank (374750 where gcc gives 499500 at 2x2). One on a
// thread's stack stays the C library's. Found by a helper acting as a new
// user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: pthread-mutex: all 5 configurations match gcc -fopenmp
#define _GNU_SOURCE
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <pthread.h>
pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
/* A recursive mutex keeps the C library's semantics (the distributed lock
 * is not reentrant: a second lock waited for itself); a condition
 * variable waited on with a shared mutex wakes (it hung). Found by review. */
pthread_mutex_t rec = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
pthread_mutex_t cm = PTHREAD_MUTEX_INITIALIZER;
pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
int ready = 0, woke = 0;
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
  #pragma omp parallel
  {
    pthread_mutex_lock(&rec); pthread_mutex_lock(&rec);
    pthread_mutex_unlock(&rec); pthread_mutex_unlock(&rec);
    #pragma omp single nowait
    {
      pthread_mutex_lock(&cm); ready = 1; pthread_cond_broadcast(&cv); pthread_mutex_unlock(&cm);
    }
    pthread_mutex_lock(&cm);
    while (!ready) pthread_cond_wait(&cv, &cm);
    woke++;
    pthread_mutex_unlock(&cm);
  }
  printf("%ld %ld %d\n", total, a->n, woke == omp_get_max_threads());
  pthread_mutex_destroy(&a->m);
  free(a);
  return 0;
}
