// A nest lock is owned by a task, not by a thread (OpenMP 3.0): the
// implicit task of a region (even one serialized on the same thread), an
// explicit task and a thread the program made itself are other owners, so
// omp_test_nest_lock there fails (0) while another task holds the lock.
// parade keyed the owner by thread number and answered 3, 4 or 2 (libgomp's
// lock-1.c, lock-2.c, lock-3.c aborted). Found by a helper.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: nest-lock-owned-by-task: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <pthread.h>
#include <stdio.h>

static omp_nest_lock_t lock;

static void *other_thread(void *arg) {
  int *got = arg;
  got[0] = omp_test_nest_lock(&lock); // held by main's task: 0
  return NULL;
}

int main(void) {
  omp_init_nest_lock(&lock);
  int a = omp_test_nest_lock(&lock);
  int b = omp_test_nest_lock(&lock);
  int in_region = -1, in_task = -1;
#pragma omp parallel if (0)
  in_region = omp_test_nest_lock(&lock);
#pragma omp task if (0) shared(in_task)
  in_task = omp_test_nest_lock(&lock);
  int got[1] = {-1};
  pthread_t th;
  pthread_create(&th, NULL, other_thread, got);
  pthread_join(th, NULL);
  int c = omp_test_nest_lock(&lock);
  printf("initial task: %d %d, region %d, task %d, other thread %d, again %d\n", a, b, in_region,
         in_task, got[0], c);
  omp_unset_nest_lock(&lock);
  omp_unset_nest_lock(&lock);
  omp_unset_nest_lock(&lock);
  // In a region: each thread's implicit task owns it in turn, nesting
  // inside its own hold; a serialized inner region's task cannot.
  int nested_ok = 0, total = 0;
#pragma omp parallel reduction(+ : nested_ok, total)
  {
    omp_set_nest_lock(&lock);
    omp_set_nest_lock(&lock);
    int mine = -1;
#pragma omp parallel if (0)
    mine = omp_test_nest_lock(&lock);
    nested_ok += mine == 0;
    total++;
    omp_unset_nest_lock(&lock);
    omp_unset_nest_lock(&lock);
  }
  printf("nested regions refused %d\n", nested_ok == total);
  omp_destroy_nest_lock(&lock);
  return 0;
}
