// A lock grant's notices are cumulative for the epoch: every page a holder
// wrote since the last barrier, at every grant. A node that takes the lock
// again and again used to drop, at each grant, its copies of all those
// pages, and fetch them again, though it had fetched them after the write.
// A home's notice now carries the number of the home's last change to the
// page (its change log), and a copy served after that change is kept
// (notices_held); a copy older than the notice is still dropped.
//
// Rank 0, home of every page, writes DATA pages, then its thread and one
// thread of the last rank take turns under a lock for ROUNDS rounds: rank
// 0's turn changes the turn word and, every fifth round, one data page; the
// last rank's turn checks every data page and the counter. Before, the last
// rank dropped the DATA pages at every grant: about ROUNDS x DATA = 800
// invalidations; now about ROUNDS + ROUNDS / 5.
//
// RUN: %cc-parade
// RUN: rm -f %t.2.json %t.3.json
// RUN: env OMP_NUM_THREADS=1 PARADE_STATS=%t.2.json %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.2.json 2 'invalidations<=300' notices_held=400
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.3.json %mpirun-tcp -np 3 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.3.json 3 'invalidations<=300' notices_held=400
// RUN: env OMP_NUM_THREADS=2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
//
// CHECK: turns: ok
#include <parade.h>

#include <stdio.h>

enum { DATA = 8, ROUNDS = 100, WORDS = 4096 / sizeof(long) };

struct args {
  parade_lock_t *lock;
  long *data; /* DATA pages */
  long *turn; /* its own page: [0] the round, [1] the stale values seen */
};

static long expected(int page, int round) {
  /* Page p was last rewritten in the last round r <= round with r % 5 == 0
   * and r / 5 % DATA == p (round 0: the first write). */
  long value = 1000 + page;
  for (int r = 5; r <= round; r += 5)
    if (r / 5 % DATA == page)
      value = 1000L * r + page;
  return value;
}

static void region(void *arg) {
  const struct args *a = arg;
  int me = parade_thread_num(), n = parade_num_threads();
  int first = me == 0, last = n > 1 && me == n - 1;
  if (first)
    for (int p = 0; p < DATA; p++)
      for (int w = 0; w < (int)WORDS; w += 32)
        a->data[p * WORDS + w] = 1000 + p;
  if (!first && !last)
    return;
  for (int done = 0; !done;) {
    parade_lock_acquire(a->lock);
    long round = a->turn[0];
    if (round >= 2 * ROUNDS) {
      done = 1;
    } else if (first && round % 2 == 0) {
      int r = (int)round / 2 + 1;
      if (r % 5 == 0)
        for (int w = 0; w < (int)WORDS; w += 32)
          a->data[r / 5 % DATA * WORDS + w] = 1000L * r + r / 5 % DATA;
      a->turn[0] = round + 1;
    } else if ((last || n == 1) && round % 2 == 1) {
      int r = (int)round / 2 + 1;
      for (int p = 0; p < DATA; p++)
        for (int w = 0; w < (int)WORDS; w += 32)
          a->turn[1] += a->data[p * WORDS + w] != expected(p, r);
      a->turn[0] = round + 1;
    }
    parade_lock_release(a->lock);
  }
}

static int app_main(int argc, char **argv) {
  (void)argc, (void)argv;
  struct args a;
  a.lock = parade_malloc(sizeof *a.lock);
  parade_lock_init(a.lock);
  a.data = parade_memalign(4096, DATA * 4096);
  a.turn = parade_memalign(4096, 4096);
  a.turn[0] = a.turn[1] = 0;
  parade_parallel(region, &a, sizeof a, 0, 1);
  if (a.turn[1])
    printf("turns: WRONG (%ld stale values)\n", a.turn[1]);
  else
    printf("turns: ok\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
