// A taskloop with reduction is a reduction scope for the in_reduction tasks
// that functions called from its body create: they combine into the
// original with the taskloop's own tasks (gcc: 5050 + 4950). Once tasks in
// other functions found their scope at run time, such a task stopped the
// program with "no task reduction scope" because the taskloop registered
// none. Also a task of the serial part that a region is forked from keeps
// being the current task after the join: its taskgroup ends its own tasks
// (the fork had forgotten it, and the taskgroup's end waited on the
// initial thread's group instead, which holds the task itself).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: taskloop-reduction-scope: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

long g;
int hits[64];

static void add(int i) {
#pragma omp task in_reduction(+ : g)
  g += i;
}

static void region(void) {
#pragma omp parallel
  hits[omp_get_thread_num() % 64] += 1;
}

int main(void) {
  g = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+ : g)
  for (int i = 0; i < 100; i++) {
    g += i + 1;
    add(i);
  }
  long after_taskloop = g;
  int done = 0;
#pragma omp taskgroup
  {
#pragma omp task shared(done)
    {
#pragma omp taskgroup
      {
#pragma omp task shared(done)
        done += 1;
        region();
      }
      done += 10;
    }
  }
  int threads = 0;
  for (int t = 0; t < 64; t++)
    threads += hits[t] > 0;
  printf("taskloop reduction with orphaned in_reduction tasks: %ld; nested taskgroups around a "
         "region: %d; the region ran: %s\n",
         after_taskloop, done, threads > 0 ? "yes" : "no");
  return 0;
}
