// A lock stays at the node that last used it until another node asks for
// it (lock caching). Checked here:
//  - a node re-acquiring its own lock takes no message: every acquire of
//    node 0's burst after the first is counted in lock_cached_acquires;
//  - the lock then moves to the last node, whose threads read what node 0
//    wrote under it (the write notices and diffs travel with the return);
//  - all threads take turns, each appending to a log under the lock: the
//    log has every entry, in a consistent order;
//  - a try gets, at its first attempt, a lock another node keeps cached but
//    no longer uses (the try recalls it and waits for the answer);
//  - a try of a lock a thread of another node holds fails at once (its
//    node answers "busy"), and does not wait for the release: here the
//    holder releases only after a barrier that the trying thread reaches
//    after its try.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: rm -f %t.2.json %t.4.json
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.2.json %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.2.json 2 lock_cached_acquires=399
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 3 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.4.json %mpirun-tcp -np 4 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.4.json 4 lock_cached_acquires=399
//
// CHECK: burst: ok
// CHECK-NEXT: moved: ok
// CHECK-NEXT: turns: ok
// CHECK-NEXT: try: ok
// CHECK-NEXT: try held: ok
#include <parade.h>

#include <stdio.h>

enum { BURST = 200, WORDS = 3000, TURNS = 20 };

struct args {
  parade_lock_t *lock;
  long *data; /* WORDS longs, several pages */
  long *log;  /* [0] = entries, then the entries */
  int *fails;
};

static void region(void *arg) {
  const struct args *a = arg;
  int me = parade_thread_num(), n = parade_num_threads();
  int node = parade_node_rank(), nodes = parade_node_count();
  int first_of_last = n - parade_local_num_threads();

  /* Node 0's threads take the lock again and again. */
  if (node == 0)
    for (int r = 0; r < BURST; r++) {
      parade_lock_acquire(a->lock);
      for (int w = r % 7; w < WORDS; w += 7)
        a->data[w] += w + 1;
      parade_lock_release(a->lock);
    }
  parade_barrier();
  if (me == 0) {
    int ok = 1;
    for (int w = 0; w < WORDS; w++) {
      long rounds = 0;
      for (int r = 0; r < BURST; r++)
        rounds += r % 7 == w % 7;
      ok &= a->data[w] == rounds * parade_local_num_threads() * (w + 1);
    }
    printf("burst: %s\n", ok ? "ok" : "WRONG");
  }
  parade_barrier();

  /* Node 0 writes under the lock (it stays there), then the last node's
   * threads take it and must see those writes, with no barrier between. */
  if (me == 0) {
    parade_lock_acquire(a->lock);
    for (int w = 0; w < WORDS; w++)
      a->data[w] = 7 * w + 1;
    a->log[0] = -1; /* "written" */
    parade_lock_release(a->lock);
  }
  if (node == nodes - 1) {
    int seen = 0, ok = 1;
    while (!seen) {
      parade_lock_acquire(a->lock);
      if (a->log[0] == -1) {
        seen = 1;
        for (int w = 0; w < WORDS; w++)
          ok &= a->data[w] == 7 * w + 1 || a->data[w] == 7 * w + 2;
        for (int w = me - first_of_last; w < WORDS; w += parade_local_num_threads())
          a->data[w] = 7 * w + 2;
      }
      parade_lock_release(a->lock);
    }
    if (!ok)
      *a->fails |= 1;
  }
  parade_barrier();
  if (me == 0) {
    int ok = !(*a->fails & 1);
    for (int w = 0; w < WORDS; w++)
      ok &= a->data[w] == 7 * w + 2;
    printf("moved: %s\n", ok ? "ok" : "WRONG");
    a->log[0] = 0;
  }
  parade_barrier();

  /* Everyone takes turns: each entry goes to the next free place. */
  for (int r = 0; r < TURNS; r++) {
    parade_lock_acquire(a->lock);
    long at = ++a->log[0];
    a->log[at] = me;
    parade_lock_release(a->lock);
  }
  parade_barrier();
  if (me == 0) {
    int ok = a->log[0] == (long)TURNS * n;
    for (int t = 0; t < n && ok; t++) {
      int mine = 0;
      for (long i = 1; i <= a->log[0]; i++)
        mine += a->log[i] == t;
      ok &= mine == TURNS;
    }
    printf("turns: %s\n", ok ? "ok" : "WRONG");
  }
  parade_barrier();

  /* Thread 0 leaves the lock cached at node 0; the last thread polls. */
  if (me == 0) {
    parade_lock_acquire(a->lock);
    a->data[0] = 42;
    parade_lock_release(a->lock);
  }
  parade_barrier();
  if (me == n - 1) {
    int got = parade_lock_try(a->lock);
    if (!got || a->data[0] != 42)
      *a->fails |= 2;
    if (got)
      parade_lock_release(a->lock);
  }
  parade_barrier();
  if (me == 0)
    printf("try: %s\n", *a->fails & 2 ? "WRONG (not granted at once, or stale data)" : "ok");

  /* Thread 0 holds the lock across a barrier; the last thread tries. */
  if (me == 0)
    parade_lock_acquire(a->lock);
  parade_barrier();
  if (me == n - 1 && n > 1 && parade_lock_try(a->lock)) {
    *a->fails |= 4;
    parade_lock_release(a->lock);
  }
  parade_barrier();
  if (me == 0) {
    parade_lock_release(a->lock);
    printf("try held: %s\n", *a->fails & 4 ? "WRONG (granted while held)" : "ok");
  }
}

static int app_main(int argc, char **argv) {
  (void)argc, (void)argv;
  struct args a;
  a.lock = parade_malloc(sizeof *a.lock);
  parade_lock_init(a.lock);
  a.data = parade_calloc(WORDS, sizeof(long));
  a.log = parade_calloc(1 + TURNS * 64, sizeof(long));
  a.fails = parade_calloc(1, sizeof(int));
  parade_parallel(region, &a, sizeof a, 0, 1);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
