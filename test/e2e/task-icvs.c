// nthreads-var, dyn-var and run-sched-var are ICVs of the data environment:
// omp_set_num_threads, omp_set_dynamic and omp_set_schedule inside a region
// change the calling task's value only, its later child tasks inherit it,
// and it ends with the task. They changed the whole rank's value, so other
// threads of the rank and the serial code after the region saw it (the
// LLVM runtime tests' omp_set_num_threads and omp_get_schedule checks).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: task-icvs: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

int task_own, child_inherits, task_leaked;

int main(void) {
  int before = omp_get_max_threads();
  omp_sched_t kind0;
  int chunk0;
  omp_get_schedule(&kind0, &chunk0);
  int own = 0, leaked = 0, dyn_leaked = 0, sched_own = 0, sum = 0;
#pragma omp parallel reduction(+ : own, leaked, dyn_leaked, sched_own, sum)
  {
    if (omp_get_thread_num() == 0) {
      omp_set_num_threads(before + 5);
      omp_set_dynamic(1);
    }
#pragma omp barrier
    if (omp_get_thread_num() == 0)
      own += omp_get_max_threads() == before + 5;
    else
      leaked += omp_get_max_threads() == before + 5;
    if (omp_get_thread_num() != 0)
      dyn_leaked += omp_get_dynamic();
#pragma omp barrier
    omp_set_schedule(omp_sched_dynamic, 2);
    omp_sched_t k;
    int c;
    omp_get_schedule(&k, &c);
    sched_own += k == omp_sched_dynamic && c == 2;
#pragma omp for schedule(runtime)
    for (int i = 0; i < 1000; i++)
      sum += i;
#pragma omp single
    {
#pragma omp task
      {
        omp_set_num_threads(before + 9);
        task_own = omp_get_max_threads() == before + 9;
#pragma omp task
        child_inherits = omp_get_max_threads() == before + 9;
#pragma omp taskwait
      }
#pragma omp taskwait
      task_leaked = omp_get_max_threads() == before + 9;
    }
  }
  // A nested (serialized) region's implicit task has ICVs of its own:
  // what it sets ends with it, and a schedule(runtime) loop after it
  // still runs with the team's schedule on every thread.
  long nested_sum = 0, nested_count = 0;
#pragma omp parallel reduction(+ : nested_sum, nested_count)
  {
    if (omp_get_thread_num() == 0) {
#pragma omp parallel
      omp_set_schedule(omp_sched_dynamic, 1);
    }
#pragma omp for schedule(runtime)
    for (int i = 0; i < 1000; i++) {
      nested_sum += i;
      nested_count++;
    }
  }
  printf("nested: sum %ld count %ld\n", nested_sum, nested_count);
  omp_sched_t kind1;
  int chunk1;
  omp_get_schedule(&kind1, &chunk1);
  printf("own %d leaked %d dynamic-leaked %d after %d dynamic-after %d\n", own, leaked,
         dyn_leaked, omp_get_max_threads() == before, omp_get_dynamic());
  printf("schedule-own %d sum %d schedule-after %d\n", sched_own == omp_get_max_threads(), sum,
         kind1 == kind0 && chunk1 == chunk0);
  printf("task-own %d child-inherits %d task-leaked %d\n", task_own, child_inherits, task_leaked);
  return 0;
}
