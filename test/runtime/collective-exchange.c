// A collective that stands in for a lock or a barrier (parade_reduce_store,
// parade_replay_store, parade_bcast_store) carries the nodes' write notices
// in its own allgather: one MPI collective per construct while no node has
// written shared data since the last barrier (the single's root may have),
// and a second (a meeting before any node stores) for an update whose old
// value another node may have changed, or a broadcast of a value the
// root's node may hold stale. The values stay right either way.
//
// Per rank: 3 constructs with nothing written, 1 update after a write to
// the target's page (2 collectives), 4 singles after another node's write
// (2 each), 1 update after a write to other pages (1): 14.
//
// RUN: %cc-parade
// RUN: rm -f %t.json
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.json %mpirun -np 3 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.json 3 collectives=42 'collectives<=42' | FileCheck %s --check-prefix=STATS
// RUN: env OMP_NUM_THREADS=1 %mpirun-tcp -np 4 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
//
// CHECK: collective exchange: all threads agree
// STATS: stats: 3 ranks, all keys present
#include <parade.h>

#include <stdio.h>

struct shared {
  long counter;     /* parade_reduce_store */
  int best, best_at; /* parade_replay_store */
  int flag;         /* parade_bcast_store */
  int status;       /* likewise, written by another node before it */
};

struct args {
  struct shared *s;
  int *bad;
  char *far; /* pages away from s */
};

struct input {
  int value, at;
};

/* The maximum with the lowest thread at ties, over every thread's input. */
static void max_location(void *state, const void *inputs, int nthreads) {
  int *best = state;
  const struct input *in = inputs;
  for (int t = 0; t < nthreads; t++)
    if (in[t].value > best[0] || (in[t].value == best[0] && in[t].at < best[1])) {
      best[0] = in[t].value;
      best[1] = in[t].at;
    }
}

static void check(const struct args *a, int ok, const char *what) {
  if (!ok && (*a->bad)++ < 5)
    printf("thread %d: wrong %s\n", parade_thread_num(), what);
}

static void region(void *arg) {
  const struct args *a = arg;
  struct shared *s = a->s;
  int me = parade_thread_num(), n = parade_num_threads();
  /* Nothing written since the fork: one exchange each. */
  long one = me + 1;
  parade_reduce_var add = {&one, 1, PARADE_LONG, PARADE_OP_SUM};
  void *counter[1] = {&s->counter};
  parade_reduce_store(&add, counter, 1);
  check(a, s->counter == 1000 + (long)n * (n + 1) / 2, "sum");

  struct input in = {me % 3 == 1 ? 50 : me, me};
  void *best[2] = {&s->best, &s->best_at};
  size_t sizes[2] = {sizeof(int), sizeof(int)};
  parade_replay_store(&in, sizeof in, max_location, best, sizes, 2, 2, "maxloc");
  check(a, s->best == 50 && s->best_at == 1, "maximum and location");

  /* The root writes the target through the DSM: a notice, one exchange. */
  int root = n - 1;
  if (me == root)
    s->flag = 77;
  void *flag[1] = {&s->flag};
  size_t flag_size[1] = {sizeof s->flag};
  parade_bcast_store(flag, flag_size, 1, root);
  check(a, s->flag == 77, "broadcast");

  /* Written since the barrier: the old value is read again, after a
   * second meeting. */
  parade_reduce_store(&add, counter, 1);
  check(a, s->counter == 1000 + (long)n * (n + 1), "second sum");

  /* A single whose block leaves a target alone (a conditional store not
   * taken) while a thread of another node writes it: every node must end
   * with that write, not the root's stale copy of it. */
  for (int round = 0; round < 4; round++) {
    parade_barrier();
    volatile int seen = s->status; /* every node holds a copy of its page */
    (void)seen;
    parade_barrier();
    if (me == n - 1)
      s->status = 100 + round;
    void *status[1] = {&s->status};
    size_t status_size[1] = {sizeof s->status};
    parade_bcast_store(status, status_size, 1, 0);
    check(a, s->status == 100 + round, "target the single left alone");
  }

  /* Written since the barrier, but on other pages than the target's: the
   * old value read before the exchange is current, one collective. */
  parade_barrier();
  if (me == n - 1)
    a->far[0] = 1;
  long before = s->counter;
  parade_reduce_store(&add, counter, 1);
  check(a, s->counter == before + (long)n * (n + 1) / 2, "sum after a write elsewhere");
}

static int app_main(int argc, char **argv) {
  struct args a;
  a.s = parade_calloc(1, sizeof *a.s);
  a.s->counter = 1000;
  a.s->best = -1;
  a.bad = parade_calloc(1, sizeof(int));
  a.far = parade_calloc(4, 4096);
  a.far += 2 * 4096;
  parade_parallel(region, &a, sizeof a, 0, 1);
  int n = parade_node_count() * parade_default_threads_per_node();
  if (*a.bad || a.s->counter != 1000 + (long)n * (n + 1) * 3 / 2 || a.s->flag != 77) {
    printf("collective exchange: FAILED (%d bad, counter %ld)\n", *a.bad, a.s->counter);
    return 1;
  }
  printf("collective exchange: all threads agree\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
