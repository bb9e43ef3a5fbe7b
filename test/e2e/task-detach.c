// task detach with omp_fulfill_event: a detached task completes only when
// its body has run and its event is fulfilled, by another task or after
// the body; taskwait and taskgroup wait for that. The fulfilling task
// reads what the detached task wrote.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: task-detach: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

int produced[8], consumed[8], done_in_group;

int main(void) {
#pragma omp parallel
#pragma omp single
  {
    for (int k = 0; k < 8; k++) {
      omp_event_handle_t ev;
#pragma omp task detach(ev) firstprivate(k)
      produced[k] = k * k + 1;
#pragma omp task firstprivate(ev, k)
      {
        consumed[k] = 0;
        omp_fulfill_event(ev);
      }
    }
#pragma omp taskwait
#pragma omp taskgroup
    {
      omp_event_handle_t ev2;
#pragma omp task detach(ev2)
      done_in_group = 1;
#pragma omp task firstprivate(ev2)
      omp_fulfill_event(ev2);
    }
  }
  int sum = 0;
  for (int k = 0; k < 8; k++)
    sum += produced[k] + consumed[k];
  printf("sum %d group %d\n", sum, done_in_group);
  return 0;
}
