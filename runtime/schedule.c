#include "schedule.h"

#include "error.h"
#include "node.h"
#include "parade.h"
#include "team_shape.h"
#include "wait.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Where the calling thread is in its team's sequence of work-shared loops.
 * Every thread of a team meets the team's loops in one order, so (region,
 * place in the region) names a loop on every node; the count restarts in
 * each region, so a loop met from serial code, in a serialized region or by
 * threads a region left out never shifts the others' numbering. */
static __thread struct {
  uint64_t region;   /* the region the counts belong to */
  long long loops;   /* work-shared loops entered in it */
  long long dynamic; /* of them, dynamic or guided */
} ws;

/* The schedule of schedule(runtime) loops: OMP_SCHEDULE, read once, or
 * what omp_set_schedule set since. */
static struct {
  pthread_once_t once;
  parade_schedule kind;
  long long chunk;
} runtime_sched = {PTHREAD_ONCE_INIT, PARADE_SCHED_STATIC, 0};

static void read_runtime_schedule(void) {
  const char *text = node.opt.schedule;
  static const struct {
    const char *name;
    parade_schedule kind;
  } kinds[] = {{"static", PARADE_SCHED_STATIC},
               {"dynamic", PARADE_SCHED_DYNAMIC},
               {"guided", PARADE_SCHED_GUIDED},
               {"auto", PARADE_SCHED_STATIC}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    size_t n = strlen(kinds[i].name);
    if (!strncasecmp(text, kinds[i].name, n) && (text[n] == '\0' || text[n] == ',')) {
      runtime_sched.kind = kinds[i].kind;
      runtime_sched.chunk = text[n] == ',' ? atoll(text + n + 1) : 0;
      return;
    }
  }
  err_warn("ignoring OMP_SCHEDULE='%s'", text);
}

void sched_get_runtime(parade_schedule *kind, long long *chunk) {
  pthread_once(&runtime_sched.once, read_runtime_schedule);
  *kind = runtime_sched.kind;
  *chunk = runtime_sched.chunk;
}

void sched_set_runtime(parade_schedule kind, long long chunk) {
  pthread_once(&runtime_sched.once, read_runtime_schedule);
  runtime_sched.kind = kind;
  runtime_sched.chunk = chunk;
}

void parade_loop_begin(parade_loop *loop, long long count, parade_schedule kind, long long chunk) {
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
    ws.loops = ws.dynamic = 0;
  }
  loop->id = (long long)((region << SCHED_PLACE_BITS) | (uint64_t)++ws.loops);
  int locals = parade_local_num_threads();
  int first = parade_thread_num() - parade_local_thread_num();
  /* This node's share of the iterations, in proportion to its threads. */
  long long node_lo = loop->count * first / threads;
  long long node_hi = loop->count * (first + locals) / threads;
  if (kind == PARADE_SCHED_STATIC) {
    if (loop->chunk == 0) {
      int me = parade_thread_num();
      loop->next = loop->count * me / threads;
      loop->end = loop->count * (me + 1) / threads;
    } else {
      /* Round-robin chunks over the whole team, as OpenMP specifies. */
      loop->next = (long long)parade_thread_num() * loop->chunk;
      loop->end = loop->count;
    }
    return;
  }
  long long place = ++ws.dynamic;
  long long seq = (long long)((region << SCHED_PLACE_BITS) | (uint64_t)place);
  struct sched_loop *slot = &node.sched.ring[place % SCHED_RING];
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
      if (atomic_compare_exchange_strong(&slot->seq, &held, -seq)) {
        slot->end = node_hi;
        atomic_store(&slot->next, node_lo);
        atomic_store(&slot->finished, 0);
        atomic_store(&slot->seq, seq);
        break;
      }
    }
    sched_yield();
  }
  loop->shared = slot;
  loop->end = node_hi;
  loop->next = node_lo;
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
  long long take = loop->chunk;
  if (loop->kind == PARADE_SCHED_GUIDED) {
    long long left = slot->end - atomic_load(&slot->next);
    long long guided = left / (2 * parade_local_num_threads());
    if (guided > take)
      take = guided;
  }
  long long start = atomic_fetch_add(&slot->next, take);
  if (start >= slot->end) {
    loop->done = 1;
    atomic_fetch_add(&slot->finished, 1);
    return 0;
  }
  *lo = start;
  *hi = start + take < slot->end ? start + take : slot->end;
  return 1;
}
