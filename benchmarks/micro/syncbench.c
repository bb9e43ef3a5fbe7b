/* Overhead per OpenMP construct, in the style of the EPCC syncbench: the
 * time of a loop of constructs minus a reference loop without them.
 *
 * Constructs that ParADE turns into collectives are written so that each
 * thread meets them exactly once per region (critical, atomic and the
 * reduction clause in a fresh region per repetition), and their reference
 * is the empty region. Built with -fparade-sync=lock the same source
 * measures the conventional DSM path.
 *
 * usage: syncbench [repetitions] */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int reps = 200;
static long counter;
static double total;
static int shared_flag;
static omp_lock_t lock;
static omp_lock_t own_lock;
static long own_counter;
static double best = -1;
static int best_at = -1;
static long bins[16];

static void delay(int n) {
  volatile double a = 0;
  for (int i = 0; i < n; i++)
    a += i;
}

static double now(void) { return omp_get_wtime(); }

static int rounds_noted;
static void note_round(int r) {
  shared_flag = r;
  rounds_noted++;
}

static void serial_work(double seconds) {
  double until = now() + seconds;
  while (now() < until)
    delay(10);
}

static void report(const char *name, double t, double ref) {
  printf("RESULT micro=%s usec=%.3f threads=%d reps=%d\n", name, (t - ref) / reps * 1e6,
         omp_get_max_threads(), reps);
}

int main(int argc, char **argv) {
  if (argc > 1)
    reps = atoi(argv[1]);
  omp_init_lock(&lock);
  omp_init_lock(&own_lock);
  /* Warm up: first touches, team creation. */
  for (int r = 0; r < 10; r++) {
#pragma omp parallel
    delay(10);
  }
  double t0 = now();
  for (int r = 0; r < reps; r++)
    delay(100);
  double ref_serial = now() - t0;

  t0 = now();
  for (int r = 0; r < reps; r++) {
#pragma omp parallel
    delay(100);
  }
  double t_parallel = now() - t0;
  report("parallel", t_parallel, ref_serial);

  /* A region after 1 ms of serial work, as in a program that reads input
   * or prints between its loops: the other ranks have been idle. */
  t0 = now();
  for (int r = 0; r < reps; r++)
    serial_work(1e-3);
  double ref_gap = now() - t0;
  t0 = now();
  for (int r = 0; r < reps; r++) {
    serial_work(1e-3);
#pragma omp parallel
    delay(100);
  }
  report("parallel_after_serial", now() - t0, ref_gap + ref_serial);

  double ref_region = 0;
#pragma omp parallel
  {
    double s = now();
    for (int r = 0; r < reps; r++)
      delay(100);
#pragma omp master
    ref_region = now() - s;
  }

  double t_for = 0;
#pragma omp parallel
  {
    double s = now();
    for (int r = 0; r < reps; r++) {
#pragma omp for
      for (int i = 0; i < omp_get_num_threads(); i++)
        delay(100);
    }
#pragma omp master
    t_for = now() - s;
  }
  report("for", t_for, ref_region);

  double t_barrier = 0;
#pragma omp parallel
  {
    double s = now();
    for (int r = 0; r < reps; r++) {
      delay(100);
#pragma omp barrier
    }
#pragma omp master
    t_barrier = now() - s;
  }
  report("barrier", t_barrier, ref_region);

  double t_single = 0;
#pragma omp parallel
  {
    double s = now();
    for (int r = 0; r < reps; r++) {
      delay(100);
#pragma omp single
      shared_flag = r;
    }
#pragma omp master
    t_single = now() - s;
  }
  report("single", t_single, ref_region);

  /* A single whose block calls a function of this file: looked into, it
   * is a broadcast of what the function assigns. */
  double t_single_call = 0;
#pragma omp parallel
  {
    double s = now();
    for (int r = 0; r < reps; r++) {
      delay(100);
#pragma omp single
      note_round(r);
    }
#pragma omp master
    t_single_call = now() - s;
  }
  report("single_call", t_single_call, ref_region);

  double t_lock = 0;
#pragma omp parallel
  {
    double s = now();
    for (int r = 0; r < reps; r++) {
      delay(100);
      omp_set_lock(&lock);
      counter += 1;
      omp_unset_lock(&lock);
    }
#pragma omp barrier
#pragma omp master
    t_lock = now() - s;
  }
  report("lock", t_lock, ref_region);

  /* One thread takes a lock no other thread wants, again and again: with
   * the lock kept at its node, no message after the first. */
  double t_own = 0;
  int own_reps = 10 * reps;
#pragma omp parallel
  {
#pragma omp master
    {
      double s = now();
      for (int r = 0; r < own_reps; r++) {
        omp_set_lock(&own_lock);
        own_counter += 1;
        omp_unset_lock(&own_lock);
      }
      t_own = now() - s;
    }
  }
  printf("RESULT micro=lock_reacquire usec=%.3f threads=%d reps=%d\n", t_own / own_reps * 1e6,
         omp_get_max_threads(), own_reps);

  /* The same in serial code after it wrote 16 MiB (a serial set-up, then
   * rand() or a lock in a loop): a release has nothing to send, and must
   * not cost a walk of every page written since the last barrier. */
  size_t big = (size_t)16 << 20;
  char *written = malloc(big);
  for (size_t i = 0; i < big; i++)
    written[i] = (char)i;
  double s = now();
  for (int r = 0; r < own_reps; r++) {
    omp_set_lock(&own_lock);
    own_counter += 1;
    omp_unset_lock(&own_lock);
  }
  printf("RESULT micro=lock_reacquire_after_writes usec=%.3f threads=%d reps=%d\n",
         (now() - s) / own_reps * 1e6, omp_get_max_threads(), own_reps);
  own_counter += written[big - 1] == (char)(big - 1) ? 0 : 1;
  free(written);

  /* Once per thread per region: the ParADE shape. */
  t0 = now();
  for (int r = 0; r < reps; r++) {
#pragma omp parallel
    {
      delay(100);
#pragma omp critical
      counter += 1;
    }
  }
  report("critical", now() - t0, t_parallel);

  t0 = now();
  for (int r = 0; r < reps; r++) {
#pragma omp parallel
    {
      delay(100);
#pragma omp atomic
      total += 1.0;
    }
  }
  report("atomic", now() - t0, t_parallel);

  /* A critical that is not a sequence of updates, once per thread: the
   * maximum with its location, ties to the lowest thread (parade replays
   * it on every node after one allgather of the inputs). */
  t0 = now();
  for (int r = 0; r < reps; r++) {
#pragma omp parallel
    {
      delay(100);
      int me = omp_get_thread_num();
      double mine = (double)((me * 7 + r) % 5);
#pragma omp critical
      if (mine > best || (mine == best && me < best_at)) {
        best = mine;
        best_at = me;
      }
    }
  }
  report("critical_maxloc", now() - t0, t_parallel);

  /* A critical in a worksharing loop, once per iteration (a histogram
   * bin): not met once per thread, so no collective; parade combines it
   * per thread and applies it at the loop's barrier. Per iteration, the
   * same loop without it subtracted. */
  int iters = 10 * reps;
  t0 = now();
#pragma omp parallel for
  for (int i = 0; i < iters; i++)
    delay(100);
  double t_loop = now() - t0;
  t0 = now();
#pragma omp parallel for
  for (int i = 0; i < iters; i++) {
    delay(100);
#pragma omp critical
    bins[i % 16] += 1;
  }
  printf("RESULT micro=critical_loop usec=%.3f threads=%d reps=%d\n",
         (now() - t0 - t_loop) / iters * 1e6, omp_get_max_threads(), iters);
  long binned = 0;
  for (int b = 0; b < 16; b++)
    binned += bins[b];

  double sum = 0;
  t0 = now();
  for (int r = 0; r < reps; r++) {
#pragma omp parallel reduction(+:sum)
    {
      delay(100);
      sum += 1.0;
    }
  }
  report("reduction", now() - t0, t_parallel);

  long threads = omp_get_max_threads();
  int ok = counter == 2L * reps * threads && total == (double)reps * threads &&
           sum == (double)reps * threads && shared_flag == reps - 1 && rounds_noted == reps &&
           own_counter == 20L * reps && binned == iters &&
           (reps < 5 || (best == 4.0 && best_at == 0));
  printf("RESULT micro=check verified=%d\n", ok);
  omp_destroy_lock(&lock);
  omp_destroy_lock(&own_lock);
  return ok ? 0 : 1;
}
