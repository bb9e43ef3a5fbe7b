// omp_fulfill_event called by a thread of another rank than the detached
// task's (the handle travels through shared data): the job was aborted
// ("parade fulfils an event only on the rank of its task"). The event now
// goes to the task's rank, after the fulfilling thread's writes went to
// their homes, and the threads waiting for the task see those writes.
// Found by a helper acting as a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: detach-other-rank: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

omp_event_handle_t gev, gev2;
int ready, ready2, result, payload[64], payload2[64];

int main(void) {
#pragma omp parallel
  {
    int me = omp_get_thread_num(), last = omp_get_num_threads() - 1;
    if (me == 0) {
      omp_event_handle_t ev;
#pragma omp task detach(ev)
      result = 1;
      gev = ev;
#pragma omp atomic write release
      ready = 1;
#pragma omp taskwait
      long sum = 0;
      for (int i = 0; i < 64; i++)
        sum += payload[i];
      printf("result=%d payload=%ld\n", result, sum);
    } else if (me == last) {
      int r = 0;
      while (!r) {
#pragma omp atomic read acquire
        r = ready;
      }
      for (int i = 0; i < 64; i++)
        payload[i] = i + 1;
      omp_fulfill_event(gev);
    }
  }
  // The fulfil may come before the wait starts: the waiter, which read
  // the data before, still sees what the fulfilling thread wrote.
#pragma omp parallel
  {
    int me = omp_get_thread_num(), last = omp_get_num_threads() - 1;
    if (me == 0) {
      long before = 0;
      for (int i = 0; i < 64; i++)
        before += payload2[i];
      omp_event_handle_t ev;
#pragma omp task detach(ev)
      result += 1;
      gev2 = ev;
#pragma omp atomic write release
      ready2 = 1;
      usleep(300000);
#pragma omp taskwait
      long sum = 0;
      for (int i = 0; i < 64; i++)
        sum += payload2[i];
      printf("before=%ld result=%d payload=%ld\n", before, result, sum);
    } else if (me == last) {
      int r = 0;
      while (!r) {
#pragma omp atomic read acquire
        r = ready2;
      }
      for (int i = 0; i < 64; i++)
        payload2[i] = 2 * i;
      omp_fulfill_event(gev2);
    }
  }
  return 0;
}
