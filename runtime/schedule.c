#include "schedule.h"

#include "comm.h"
#include "error.h"
#include "node.h"
#include "parade.h"
#include "stats.h"
#include "task.h"
#include "team_shape.h"
#include "wait.h"

#include <ctype.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

/* Where the calling thread is in its team's sequence of work-shared loops.
 * Every thread of a team meets the team's loops in one order, so (region,
 * place in the region) names a loop on every node; the count restarts in
 * each region, so a loop met from serial code, in a serialized region or by
 * threads a region left out never shifts the others' numbering. */
static __thread struct {
  uint64_t region; /* the region the counts belong to */
  long long loops; /* work-shared loops entered in it */
} ws;

/* The schedule of schedule(runtime) loops: OMP_SCHEDULE, read once, or
 * what omp_set_schedule set since in serial code (inside a region it
 * changes the calling task's run-sched-var only), as given (omp_get_schedule answers
 * with it: auto stays auto, though parade runs it as static). */
static struct {
  pthread_once_t once;
  uint32_t as_set;
  long long chunk;
} runtime_sched = {PTHREAD_ONCE_INIT, SCHED_KIND_STATIC, 0};

static void read_runtime_schedule(void) {
  /* Blanks around the kind, the modifier and the chunk are allowed. */
  char text[64];
  size_t len = 0;
  for (const char *p = node.opt.schedule; *p && len + 1 < sizeof text; p++)
    if (!isspace((unsigned char)*p))
      text[len++] = *p;
  text[len] = '\0';
  static const struct {
    const char *name;
    uint32_t kind;
  } kinds[] = {{"static", SCHED_KIND_STATIC},
               {"dynamic", SCHED_KIND_DYNAMIC},
               {"guided", SCHED_KIND_GUIDED},
               {"auto", SCHED_KIND_AUTO}};
  uint32_t modifier = 0;
  int explicit = 1;
  const char *kind = text;
  if (!strncasecmp(kind, "monotonic:", 10)) {
    modifier = SCHED_MONOTONIC;
    kind += 10;
  } else if (!strncasecmp(kind, "nonmonotonic:", 13)) {
    kind += 13;
  } else {
    explicit = 0;
  }
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    size_t n = strlen(kinds[i].name);
    if (!strncasecmp(kind, kinds[i].name, n) && (kind[n] == '\0' || kind[n] == ',')) {
      /* static without a modifier is monotonic (OpenMP 5.2, 11.5.3), and
       * omp_get_schedule says so, as libgomp's does. */
      if (!explicit && kinds[i].kind == SCHED_KIND_STATIC)
        modifier = SCHED_MONOTONIC;
      runtime_sched.as_set = kinds[i].kind | modifier;
      runtime_sched.chunk = kind[n] == ',' ? atoll(kind + n + 1) : 0;
      /* As omp_set_schedule's: a chunk below 1 (or none) is 0 for static
       * and 1 for the others, as libgomp answers omp_get_schedule. */
      if (runtime_sched.chunk < 1)
        runtime_sched.chunk = kinds[i].kind == SCHED_KIND_STATIC ? 0 : 1;
      return;
    }
  }
  err_warn("ignoring OMP_SCHEDULE='%s'", node.opt.schedule);
}

void sched_get_runtime(parade_schedule *kind, long long *chunk) {
  uint32_t as_set;
  sched_get_runtime_as_set(&as_set, chunk);
  switch (as_set & 0xff) {
  case SCHED_KIND_DYNAMIC: *kind = PARADE_SCHED_DYNAMIC; break;
  case SCHED_KIND_GUIDED: *kind = PARADE_SCHED_GUIDED; break;
  /* auto runs as static in blocks, as libgomp runs it, whatever chunk
   * omp_get_schedule reports for it. */
  case SCHED_KIND_AUTO:
    *kind = PARADE_SCHED_STATIC;
    *chunk = 0;
    break;
  default: *kind = PARADE_SCHED_STATIC; break;
  }
}

void sched_get_runtime_as_set(uint32_t *as_set, long long *chunk) {
  const struct task_icv *own = task_icv();
  if (own && (own->set & TASK_ICV_SCHED)) {
    *as_set = own->sched;
    *chunk = own->chunk;
    return;
  }
  pthread_once(&runtime_sched.once, read_runtime_schedule);
  *as_set = runtime_sched.as_set;
  *chunk = runtime_sched.chunk;
}

void sched_set_runtime(uint32_t as_set, long long chunk) {
  struct task_icv *own = task_icv();
  if (own) {
    own->set |= TASK_ICV_SCHED;
    own->sched = as_set;
    own->chunk = chunk;
    return;
  }
  pthread_once(&runtime_sched.once, read_runtime_schedule);
  runtime_sched.as_set = as_set;
  runtime_sched.chunk = chunk;
}

/* ---- A node's share of a dynamic or guided loop ------------------------- */

/* The window counts in units of slot->unit iterations: one, unless the
 * node's share has more than 2^32 - 1 iterations. */
static uint64_t window_of(uint64_t next, uint64_t end) { return next << 32 | end; }
static uint64_t window_next(uint64_t w) { return w >> 32; }
static uint64_t window_end(uint64_t w) { return w & 0xffffffffu; }

/* The slot of loop instance @p seq in the node's ring. */
static struct sched_loop *slot_of(long long seq) {
  return &node.sched.ring[(seq & ((1ll << SCHED_PLACE_BITS) - 1)) % SCHED_RING];
}

/* The iterations of units [@p from, @p to) of @p slot's window. */
static void units_to_range(const struct sched_loop *slot, uint64_t from, uint64_t to, long long *lo,
                           long long *hi) {
  *lo = slot->base + (long long)from * slot->unit;
  long long end = slot->base + (long long)to * slot->unit;
  *hi = end < slot->limit ? end : slot->limit;
}

/* Set up @p slot (held by the caller as -@p seq, under the steal lock) for
 * loop instance @p seq of @p count iterations with chunk @p chunk: this
 * node's share of the iterations, in proportion to its threads, in whole
 * chunks, so that every chunk a thread gets starts at a multiple of the
 * chunk size, as OpenMP's chunks do (the last one may be short). */
static void slot_fill(struct sched_loop *slot, long long seq, long long count, long long chunk) {
  long long threads = node.shape.nthreads;
  long long first = team_first_global(), locals = team_local_count();
  long long per = chunk > 1 ? chunk : 1;
  long long chunks = (count + per - 1) / per;
  long long node_lo = chunks * first / threads * per;
  long long node_hi = chunks * (first + locals) / threads * per;
  if (node_lo > count)
    node_lo = count;
  if (node_hi > count)
    node_hi = count;
  long long len = node_hi - node_lo;
  slot->base = node_lo;
  slot->limit = node_hi;
  slot->count = count;
  /* The window counts in chunks, so that claims and steals take whole
   * chunks (more than one per unit past 2^32 - 1 chunks). */
  long long n = (len + per - 1) / per;
  slot->unit = per * (n > (long long)UINT32_MAX ? (n + UINT32_MAX - 1) / UINT32_MAX : 1);
  atomic_store(&slot->window, window_of(0, (uint64_t)((len + slot->unit - 1) / slot->unit)));
  atomic_store(&slot->finished, 0);
  atomic_store(&slot->seq, seq);
}

/* Whether the comm thread may set up @p slot for loop instance @p seq of
 * the current region before any local thread has entered the loop: no
 * local thread can still need the slot for an earlier loop (the slot's
 * last instance was the one SCHED_RING loops before, and every local
 * thread has left it, or no earlier loop of the region maps to it). */
static int slot_free_ahead(struct sched_loop *slot, long long seq, long long held) {
  uint64_t region = (uint64_t)seq >> SCHED_PLACE_BITS;
  long long place = seq & ((1ll << SCHED_PLACE_BITS) - 1);
  if (held < 0 || region != __atomic_load_n(&node.shape.region, __ATOMIC_ACQUIRE) ||
      team_local_count() == 0)
    return 0;
  if (held == 0 || (uint64_t)held >> SCHED_PLACE_BITS != region)
    return place <= SCHED_RING;
  return held == seq - SCHED_RING && atomic_load(&slot->finished) == team_local_count();
}

/* Claim up to @p take iterations from the front of @p slot's window. */
static int share_claim(struct sched_loop *slot, long long take, int guided, long long *lo,
                       long long *hi) {
  uint64_t w = atomic_load(&slot->window);
  for (;;) {
    uint64_t n = window_next(w), e = window_end(w);
    if (n >= e)
      return 0;
    long long want = take;
    if (guided) {
      long long left = (long long)(e - n) * slot->unit;
      long long g = left / (2 * parade_local_num_threads());
      if (g > want)
        want = g;
    }
    uint64_t units = (uint64_t)((want + slot->unit - 1) / slot->unit);
    if (units > e - n)
      units = e - n;
    if (atomic_compare_exchange_weak(&slot->window, &w, window_of(n + units, e))) {
      units_to_range(slot, n, n + units, lo, hi);
      return 1;
    }
  }
}

/* Take one of @p parts parts of what is left of @p slot's window (at
 * least one unit), from the back: the thief runs it alone, so a large part
 * would leave it the last to finish. */
static int share_steal(struct sched_loop *slot, uint64_t parts, long long *lo, long long *hi) {
  if (parts < 2)
    parts = 2;
  uint64_t w = atomic_load(&slot->window);
  for (;;) {
    uint64_t n = window_next(w), e = window_end(w);
    if (n >= e)
      return 0;
    uint64_t give = (e - n + parts - 1) / parts;
    if (atomic_compare_exchange_weak(&slot->window, &w, window_of(n, e - give))) {
      units_to_range(slot, e - give, e, lo, hi);
      return 1;
    }
  }
}

/* A steal request, on the comm thread: answer with a part of what this
 * node's share of the loop still holds, nothing if it has run out (or the
 * loop is long gone), or STEAL_NOT_YET if no thread here has entered it. */
static void sched_on_steal(int src, const struct msg_hdr *hdr, const void *payload) {
  struct msg_steal req = msg_steal_unpack(hdr);
  long long seq = (long long)req.loop;
  struct sched_loop *slot = slot_of(seq);
  long long range[2];
  int got = 0, not_yet = 0;
  /* The lock is held only while a slot is set up: if a thread has it now,
   * ask again rather than keep this comm thread from its other work. */
  if (pthread_mutex_trylock(&node.sched.steal_lock) != 0) {
    comm_reply(src, req.slot, STEAL_NOT_YET, NULL, 0);
    return;
  }
  long long held = atomic_load(&slot->seq);
  /* No local thread has entered the loop yet (it may be waiting for the
   * asker, in a single before this one): set the slot up for them, so that
   * its iterations can be taken now. */
  long long chunk = 1;
  if (hdr->len >= sizeof chunk)
    memcpy(&chunk, payload, sizeof chunk);
  if (held < seq && slot_free_ahead(slot, seq, held) &&
      atomic_compare_exchange_strong(&slot->seq, &held, -seq)) {
    slot_fill(slot, seq, (long long)req.count, chunk);
    held = seq;
  }
  if (held == seq && slot->count == (long long)req.count) {
    got = share_steal(slot, req.parts, &range[0], &range[1]);
  } else {
    not_yet = held < seq; /* an older instance: this loop is not entered yet */
  }
  pthread_mutex_unlock(&node.sched.steal_lock);
  if (got)
    comm_reply(src, req.slot, 1, range, sizeof range);
  else
    comm_reply(src, req.slot, not_yet ? STEAL_NOT_YET : 0, NULL, 0);
}

void sched_init(void) {
  pthread_mutex_init(&node.sched.steal_lock, NULL);
  comm_register(MSG_STEAL, sched_on_steal);
}

/* How long a thread keeps asking a node that has not entered the loop yet
 * (it will, unless it waits for something this thread holds). */
#define STEAL_WAIT_NS 200000000ll

/* Ask the next node for part of its share: 1 with a range for the calling
 * thread alone, 0 when no node has anything left. */
static int steal_range(parade_loop *loop, long long *lo, long long *hi) {
  int nodes = team_participants();
  while (loop->victims_left > 0) {
    int victim = loop->victim;
    struct wait_slot *slot = comm_my_slot();
    comm_expect(slot, 1, NULL, 0);
    struct msg_steal req = {.loop = (uint64_t)loop->share_seq,
                            .slot = comm_slot_index(slot),
                            .parts = (uint32_t)nodes,
                            .count = (uint64_t)loop->count};
    long long chunk = loop->chunk;
    comm_send(victim, msg_steal_pack(req), &chunk, sizeof chunk);
    comm_slot_wait(slot);
    uint64_t answer = slot->value;
    long long *range = slot->reply;
    int ok = answer == 1 && range && slot->reply_len == 2 * sizeof(long long);
    if (ok) {
      *lo = range[0];
      *hi = range[1];
    }
    free(slot->reply);
    slot->reply = NULL;
    if (ok) {
      loop->victims_left = nodes - 1; /* it had work: ask it again next */
      if (loop->waited_since > 0)
        loop->waited_since = 0;
      STAT_INC(loop_steals);
      STAT_ADD(loop_iterations_stolen, *hi - *lo);
      return 1;
    }
    if (answer == STEAL_NOT_YET && loop->waited_since >= 0) {
      long long now = (long long)stats_now_ns();
      if (!loop->waited_since)
        loop->waited_since = now;
      long long waited = now - loop->waited_since;
      if (waited < STEAL_WAIT_NS) {
        /* Back off: the node is late, most likely short of a core. */
        long long pause = waited / 4 < 20000 ? 20000 : waited / 4 > 1000000 ? 1000000 : waited / 4;
        struct timespec ts = {0, (long)pause};
        nanosleep(&ts, NULL);
        continue; /* the same node again */
      }
      loop->waited_since = -1; /* waited once in this loop: not again */
    }
    if (loop->waited_since > 0)
      loop->waited_since = 0;
    loop->victims_left--;
    do
      loop->victim = (loop->victim + 1) % nodes;
    while (loop->victim == node.rank);
  }
  return 0;
}

void parade_loop_begin(parade_loop *loop, long long count, parade_schedule kind, long long chunk) {
  int keeps_last = (kind & PARADE_LOOP_LASTPRIVATE) != 0;
  int monotonic = (kind & PARADE_LOOP_MONOTONIC) != 0;
  kind = (parade_schedule)(kind & ~(PARADE_LOOP_LASTPRIVATE | PARADE_LOOP_MONOTONIC));
  if (kind == PARADE_SCHED_RUNTIME)
    sched_get_runtime(&kind, &chunk);
  memset(loop, 0, sizeof *loop);
  loop->count = count > 0 ? count : 0;
  loop->kind = kind;
  loop->chunk = chunk > 0 ? chunk : (kind == PARADE_SCHED_STATIC ? 0 : 1);
  int threads = parade_num_threads();
  if (threads == 1) {
    /* A team of one (serial code, a serialized region): the thread takes
     * every iteration and shares nothing with anyone. */
    loop->kind = PARADE_SCHED_STATIC;
    loop->chunk = 0;
    loop->next = 0;
    loop->end = loop->count;
    return;
  }
  uint64_t region = team_region();
  if (ws.region != region) {
    ws.region = region;
    ws.loops = 0;
  }
  loop->id = (long long)((region << SCHED_PLACE_BITS) | (uint64_t)++ws.loops);
  int locals = parade_local_num_threads();
  if (kind == PARADE_SCHED_STATIC) {
    if (loop->chunk == 0) {
      /* Blocks as libgomp and libomp cut them: the first count % threads
       * threads take one iteration more. OpenMP leaves this open, but a
       * program whose per-thread streams (random numbers seeded by
       * thread) depend on it prints what it prints with gcc. */
      long long me = parade_thread_num(), per = loop->count / threads,
                extra = loop->count % threads;
      loop->next = me * per + (me < extra ? me : extra);
      loop->end = loop->next + per + (me < extra);
    } else {
      /* Round-robin chunks over the whole team, as OpenMP specifies. */
      loop->next = (long long)parade_thread_num() * loop->chunk;
      loop->end = loop->count;
    }
    return;
  }
  /* The slot is named by the loop's id, which counts every work-shared
   * loop of the region: a schedule(runtime) loop that is dynamic here and
   * static on a node where omp_set_schedule said otherwise does not shift
   * the numbering of the loops after it. */
  long long seq = loop->id;
  struct sched_loop *slot = slot_of(seq);
  /* The first local thread to arrive claims the slot, once every thread
   * has left the loop that used it SCHED_RING instances ago; a slot of an
   * earlier region is free, since its region ended in a barrier. A
   * negative seq marks a slot being set up by another thread. */
  for (;;) {
    long long held = atomic_load(&slot->seq);
    if (held == seq)
      break;
    if (held >= 0 && held < seq &&
        (held == 0 || (uint64_t)held >> SCHED_PLACE_BITS != region ||
         atomic_load(&slot->finished) == locals)) {
      pthread_mutex_lock(&node.sched.steal_lock);
      int mine = atomic_compare_exchange_strong(&slot->seq, &held, -seq);
      if (mine)
        slot_fill(slot, seq, loop->count, loop->chunk);
      pthread_mutex_unlock(&node.sched.steal_lock);
      if (mine)
        break;
    }
    sched_yield();
  }
  loop->shared = slot;
  loop->share_seq = seq;
  /* next/end: a range stolen from another node, this thread's alone. */
  loop->next = loop->end = 0;
  int nodes = team_participants();
  loop->victims_left = node.size > 1 && nodes > 1 && !monotonic ? nodes - 1 : 0;
  loop->victim = (node.rank + 1) % (nodes > 0 ? nodes : 1);
  loop->waited_since = 0;
  loop->keeps_last = keeps_last;
}

/* The slot may be set up again once every local thread left it. */
static void leave_share(parade_loop *loop) {
  loop->shared_done = 1;
  atomic_fetch_add(&((struct sched_loop *)loop->shared)->finished, 1);
}

static int dynamic_range(parade_loop *loop, long long hi) {
  if (hi == loop->count && loop->keeps_last)
    loop->ran_last = 1;
  return 1;
}

int parade_loop_next(parade_loop *loop, long long *lo, long long *hi) {
  if (loop->done)
    return 0;
  if (loop->kind == PARADE_SCHED_STATIC) {
    if (loop->next >= loop->end) {
      loop->done = 1;
      return 0;
    }
    *lo = loop->next;
    if (loop->chunk == 0) {
      *hi = loop->end;
      loop->next = loop->end;
    } else {
      *hi = loop->next + loop->chunk < loop->count ? loop->next + loop->chunk : loop->count;
      loop->next += loop->chunk * parade_num_threads();
    }
    return 1;
  }
  struct sched_loop *slot = loop->shared;
  int guided = loop->kind == PARADE_SCHED_GUIDED;
  for (;;) {
    if (loop->next < loop->end) {
      /* A stolen range: chunks as from the node's share. */
      long long take = loop->chunk;
      if (guided && (loop->end - loop->next) / 2 > take)
        take = ((loop->end - loop->next) / 2 + loop->chunk - 1) / loop->chunk * loop->chunk;
      *lo = loop->next;
      *hi = loop->next + take < loop->end ? loop->next + take : loop->end;
      loop->next = *hi;
      return dynamic_range(loop, *hi);
    }
    if (!loop->shared_done) {
      if (share_claim(slot, loop->chunk, guided, lo, hi))
        return dynamic_range(loop, *hi);
      leave_share(loop);
    }
    /* In a loop with lastprivate or linear, the thread that ran the last
     * iteration takes no more: a stolen range comes from earlier in the
     * loop, and the copy out takes this thread's values as the last
     * iteration left them. */
    if (loop->ran_last || !steal_range(loop, &loop->next, &loop->end)) {
      loop->done = 1;
      return 0;
    }
  }
}
