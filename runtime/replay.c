/* A critical by replay (parade_replay_store): the ParADE form of a
 * critical block that is not a sequence of updates, such as the
 * maximum-with-location pattern
 *
 *   if (my > best || (my == best && i < best_i)) { best = my; best_i = i; }
 *
 * Every thread's inputs (the private values the block reads) go to every
 * node in one allgather; each node's leader then runs the block for every
 * thread in global thread order on the old values of the shared variables
 * and stores the results in its own copy. The block runs in one serial
 * order, the same on every node, which is what a lock would give in some
 * order; the collective also keeps the lock's memory semantics (release,
 * write notices, acquire). */
#include "atomic.h"
#include "collectives.h"
#include "comm.h"
#include "error.h"
#include "hlrc.h"
#include "node.h"
#include "parade.h"
#include "streams.h"
#include "team.h"
#include "team_shape.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

static size_t state_bytes(const size_t *sizes, int n) {
  size_t total = 0;
  for (int v = 0; v < n; v++)
    total += sizes[v];
  return total;
}

/* One thread's replay, where the block runs as it is (one thread, or a
 * team on some ranks only, under the critical's lock). */
static void replay_alone(const void *input, parade_replay_fn replay, void **targets,
                         const size_t *sizes, int nstate, int nwritten) {
  unsigned char *state = malloc(state_bytes(sizes, nstate) + 1);
  if (!state)
    err_fatal("out of memory replaying a critical");
  collectives_read_targets(state, targets, sizes, nstate);
  replay(state, input, 1);
  const unsigned char *from = state;
  for (int v = 0; v < nwritten; from += sizes[v], v++)
    memcpy(targets[v], from, sizes[v]);
  free(state);
}

static void replay_leader(void) {
  struct collectives *c = &node.collectives;
  int nstate = c->store_count, nwritten = c->replay_nwritten;
  size_t isz = c->replay_input_size;
  /* The old values, read before this node contributes: no node can store
   * this round's results before every node has sent its inputs (read again
   * below if some node wrote shared data since the last barrier). */
  unsigned char *state = malloc(state_bytes(c->store_sizes, nstate) + 1);
  int locals = team_local_count(), nt = (int)node.shape.nthreads;
  int participants = team_participants();
  unsigned char *mine = malloc((size_t)locals * isz + 1), *all = malloc((size_t)nt * isz + 1);
  size_t *bytes = malloc((size_t)participants * sizeof *bytes);
  if (!state || !mine || !all || !bytes)
    err_fatal("out of memory replaying a critical");
  if ((size_t)nt * isz > INT_MAX)
    err_fatal("a critical's inputs of %zu bytes per thread are too large for one collective", isz);
  collectives_read_targets(state, c->store_targets, c->store_sizes, nstate);
  for (int t = 0; t < locals; t++)
    memcpy(mine + (size_t)t * isz, c->contrib[t], isz);
  for (int r = 0; r < participants; r++) {
    int first = r * (int)node.shape.per_node;
    int threads = nt - first < (int)node.shape.per_node ? nt - first : (int)node.shape.per_node;
    bytes[r] = (size_t)threads * isz;
  }
  struct exchange_watch watch = {c->store_targets, c->store_sizes, nstate, -1};
  if (collectives_exchange(mine, bytes, all, &watch)) {
    /* Some node wrote a page of the state since the last barrier: the
     * state read above may be stale. Read it again after the acquire, and
     * let no node store before every node has. */
    collectives_read_targets(state, c->store_targets, c->store_sizes, nstate);
    collectives_sync();
  }
  c->replay_fn(state, all, nt);
  const unsigned char *from = state;
  for (int v = 0; v < nwritten; from += c->store_sizes[v], v++)
    hlrc_collective_store(c->store_targets[v], from, c->store_sizes[v]);
  hlrc_collective_stores_done();
  free(bytes);
  free(all);
  free(mine);
  free(state);
}

void parade_replay_store(const void *input, size_t input_size, parade_replay_fn replay,
                         void **targets, const size_t *sizes, int nstate, int nwritten,
                         const char *lock_name) {
  atomic_flush_deferred();
  streams_release();
  if (parade_num_threads() <= 1) {
    replay_alone(input, replay, targets, sizes, nstate, nwritten);
    return;
  }
  if (collectives_partial_team()) {
    parade_critical_enter(lock_name);
    replay_alone(input, replay, targets, sizes, nstate, nwritten);
    parade_critical_exit(lock_name);
    return;
  }
  int local = parade_local_thread_num();
  node.collectives.contrib[local] = input;
  if (local == 0) { /* the same for every thread: one writes */
    node.collectives.replay_fn = replay;
    node.collectives.replay_input_size = input_size;
    node.collectives.replay_nwritten = nwritten;
    node.collectives.store_targets = targets;
    node.collectives.store_sizes = sizes;
    node.collectives.store_count = nstate;
  }
  team_node_barrier(replay_leader);
}
