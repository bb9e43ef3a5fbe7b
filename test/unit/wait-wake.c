// Unit test of the futex waits: a wake skips its system call while no
// thread sleeps, so a lost wake-up would leave a thread asleep for good. A
// token passed round a ring of threads, each blocking until its turn
// (no spinning: every wait sleeps in the kernel), then with spinning,
// must reach the last lap; an alarm ends a hang.
//
// RUN: %cc-parade-internal
// RUN: %t | FileCheck %s
// CHECK: wait: 3 threads passed the token 30000 times sleeping, 30000 times spinning
#include "wait.h"

#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

enum { THREADS = 3, LAPS = 10000 };

static _Atomic uint32_t turn; /* the token: thread turn % THREADS holds it */

static void *player(void *arg) {
  uint32_t me = (uint32_t)(uintptr_t)arg;
  for (uint32_t lap = 0; lap < LAPS; lap++) {
    uint32_t mine = lap * THREADS + me;
    for (;;) {
      uint32_t now = atomic_load(&turn);
      if (now == mine)
        break;
      wait_until_changed(&turn, now);
    }
    atomic_store(&turn, mine + 1);
    wait_wake(&turn, INT32_MAX);
  }
  return NULL;
}

static uint32_t play(void) {
  atomic_store(&turn, 0);
  pthread_t t[THREADS];
  for (uintptr_t i = 0; i < THREADS; i++)
    pthread_create(&t[i], NULL, player, (void *)i);
  for (int i = 0; i < THREADS; i++)
    pthread_join(t[i], NULL);
  return atomic_load(&turn);
}

int main(void) {
  alarm(120); /* a lost wake-up hangs: end the test instead */
  wait_set_policy(0, 0);
  uint32_t sleeping = play();
  wait_set_policy(20000, 0);
  uint32_t spinning = play();
  printf("wait: %d threads passed the token %u times sleeping, %u times spinning\n", THREADS,
         sleeping, spinning);
  return sleeping == THREADS * LAPS && spinning == THREADS * LAPS ? 0 : 1;
}
