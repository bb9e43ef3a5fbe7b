/* What waiting costs on this machine, without MPI or the runtime: how long
 * a futex sleep asked to last 1, 10, 50 or 200 us takes, and how long a
 * thread blocked on a futex takes to run again once another thread wakes
 * it, after it has slept 0.1 or 1 ms. parade's idle threads must block
 * (no core is free to spin), so every message that finds the awaited
 * thread asleep pays these; MPI's own primitives spin and do not.
 *
 * usage: wakeup [repetitions] */
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int reps = 200;

static double now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static void futex_wait(_Atomic uint32_t *word, uint32_t expected, long timeout_ns) {
  struct timespec ts = {timeout_ns / 1000000000L, timeout_ns % 1000000000L};
  syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_PRIVATE, expected, timeout_ns ? &ts : NULL,
          NULL, 0);
}

static void futex_wake(_Atomic uint32_t *word) {
  syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

static _Atomic uint32_t word;
static _Atomic int ready_round, done_round;
static double woken_at, ran_at;

static void *sleeper(void *arg) {
  (void)arg;
  for (int r = 0; r < reps; r++) {
    uint32_t seen = atomic_load(&word);
    atomic_store(&ready_round, r + 1);
    while (atomic_load(&word) == seen)
      futex_wait(&word, seen, 0);
    ran_at = now_us();
    atomic_store(&done_round, r + 1);
  }
  return NULL;
}

/* The waker lets the sleeper block for @p idle_us, then wakes it. */
static double wake_latency(double idle_us) {
  atomic_store(&ready_round, 0);
  atomic_store(&done_round, 0);
  pthread_t t;
  pthread_create(&t, NULL, sleeper, NULL);
  double total = 0;
  for (int r = 0; r < reps; r++) {
    while (atomic_load(&ready_round) != r + 1)
      sched_yield(); /* the sleeper needs a core to get there */
    struct timespec ts = {0, (long)(idle_us * 1000)};
    nanosleep(&ts, NULL);
    woken_at = now_us();
    atomic_fetch_add(&word, 1);
    futex_wake(&word);
    while (atomic_load(&done_round) != r + 1)
      sched_yield(); /* nor may the waker hold the core the woken thread needs */
    total += ran_at - woken_at;
  }
  pthread_join(t, NULL);
  return total / reps;
}

int main(int argc, char **argv) {
  if (argc > 1)
    reps = atoi(argv[1]);
  if (reps < 1) {
    fprintf(stderr, "usage: wakeup [repetitions >= 1]\n");
    return 2;
  }
  /* As the runtime does: sleeps are not rounded up to the default 50 us
   * timer slack. */
  prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
  const long asks[] = {1000, 10000, 50000, 200000};
  for (int i = 0; i < 4; i++) {
    _Atomic uint32_t never = 0;
    double start = now_us();
    for (int r = 0; r < reps; r++)
      futex_wait(&never, 0, asks[i]);
    printf("RESULT wakeup=sleep_%ldus usec=%.1f reps=%d\n", asks[i] / 1000,
           (now_us() - start) / reps, reps);
  }
  const double idles[] = {100, 1000};
  for (int i = 0; i < 2; i++)
    printf("RESULT wakeup=wake_after_%gus usec=%.1f reps=%d\n", idles[i], wake_latency(idles[i]),
           reps);
  return 0;
}
