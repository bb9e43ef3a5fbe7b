// A lock grant's notices are cumulative for the epoch: every page a holder
// wrote since the last barrier, at every grant. A node that takes the lock
// again and again used to drop, at each grant, its copies of all those
// pages, and fetch them again, though it had fetched them after the write.
// A notice now carries a number of the home's change log by which the home
// had applied the write (the home's own writes, and the diffs of other
// writers, acknowledged with the number), and a copy served after that
// change is kept; a copy older than the notice is still dropped. The
// manager sends a node only the notices that came, or whose number rose,
// since its last grant (lock_notices_granted).
//
// Rank 0, home of every page, writes DATA pages, then the writer and one
// thread of the last rank take turns under a lock for ROUNDS rounds: the
// writer's turn changes the turn word and, every fifth round, one data
// page; the last rank's turn checks every data page and the counter. The
// writer is rank 0 (the pages' home), or with "other" a thread of rank 1,
// whose writes go to the home as diffs. Before, the last rank dropped the
// DATA pages at every grant: about ROUNDS x DATA = 800 invalidations; now
// about ROUNDS + ROUNDS / 5. Before the diffs' numbers, the same held for
// a writer that is not the home (the "other" runs).
//
// RUN: %cc-parade
// RUN: rm -f %t.2.json %t.3.json %t.o3.json %t.o4.json
// RUN: env OMP_NUM_THREADS=1 PARADE_STATS=%t.2.json %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.2.json 2 'invalidations<=300' 'lock_notices_granted<=600'
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.3.json %mpirun-tcp -np 3 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.3.json 3 'invalidations<=300' 'lock_notices_granted<=600'
// RUN: env OMP_NUM_THREADS=1 PARADE_STATS=%t.o3.json %mpirun -np 3 %t other 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.o3.json 3 'invalidations<=400' 'lock_notices_granted<=600'
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.o4.json %mpirun-tcp -np 4 %t other 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.o4.json 4 'invalidations<=400' 'lock_notices_granted<=600'
// RUN: env OMP_NUM_THREADS=2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=3 %t other 2>&1 | FileCheck %s --implicit-check-not='parade: error'
//
// CHECK: turns: ok
#include <parade.h>

#include <stdio.h>
#include <string.h>

enum { DATA = 8, ROUNDS = 100, WORDS = 4096 / sizeof(long) };

struct args {
  parade_lock_t *lock;
  long *data; /* DATA pages */
  long *turn; /* its own page: [0] the round, [1] the stale values seen */
  int other;  /* the writer is a thread of rank 1, not rank 0 */
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

static void init(long *data) {
  for (int p = 0; p < DATA; p++)
    for (int w = 0; w < (int)WORDS; w += 32)
      data[p * WORDS + w] = 1000 + p;
}

static void region(void *arg) {
  const struct args *a = arg;
  int me = parade_thread_num(), n = parade_num_threads();
  int first = me == 0, last = n > 1 && me == n - 1;
  int writer = a->other ? me == n / 2 && !last : first;
  /* The writer's first release hands these on; with "other", serial code
   * writes them (the fork does). */
  if (first && !a->other)
    init(a->data);
  if (!writer && !last)
    return;
  for (int done = 0; !done;) {
    parade_lock_acquire(a->lock);
    long round = a->turn[0];
    if (round >= 2 * ROUNDS) {
      done = 1;
    } else if (writer && round % 2 == 0) {
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
  struct args a;
  a.lock = parade_malloc(sizeof *a.lock);
  parade_lock_init(a.lock);
  a.data = parade_memalign(4096, DATA * 4096);
  a.turn = parade_memalign(4096, 4096);
  a.turn[0] = a.turn[1] = 0;
  a.other = argc > 1 && !strcmp(argv[1], "other");
  if (a.other)
    init(a.data);
  parade_parallel(region, &a, sizeof a, 0, 1);
  if (a.turn[1])
    printf("turns: WRONG (%ld stale values)\n", a.turn[1]);
  else
    printf("turns: ok\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
