#include "locks.h"

#include "comm.h"
#include "error.h"
#include "hlrc.h"
#include "node.h"
#include "stats.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- Lock records --------------------------------------------------- */

struct lock_waiter {
  int node;
  uint64_t slot;
  int64_t turn; /* ordered locks: the iteration asking; -1 otherwise */
  int try_only; /* answered "not granted" if the owner is using the lock */
};

/* Where a lock is, as its node sees it (P > 1, under lock_rec.mutex). A
 * node keeps a lock it acquired until the manager recalls it for another
 * node: its threads then re-acquire it without a message. */
enum lock_presence {
  LOCK_ABSENT,     /* at the manager or another node */
  LOCK_REQUESTING, /* one of this node's threads has asked the manager */
  LOCK_CACHED,     /* here, free: the next thread of this node takes it */
  LOCK_HELD,       /* here, held by one of this node's threads */
};

struct lock_rec {
  struct lock_rec *next;
  uint64_t id;
  /* At P = 1 the lock itself; at P > 1 it guards the node side below. */
  pthread_mutex_t mutex;
  pthread_cond_t changed; /* node side: presence changed; P = 1: next turn */
  /* Node side (P > 1; not used for ordered locks). */
  enum lock_presence presence;
  int recalled; /* the manager wants it back at the next release */
  int waiters;  /* this node's threads waiting for it */
  /* Manager side (its comm thread only). */
  int owner;       /* the node the lock is at, -1 if none (not ordered locks) */
  int recall_sent; /* the owner has been asked to return it */
  int owner_busy;  /* ... and answered that one of its threads has it */
  int held;        /* ordered locks: granted to some turn */
  uint64_t epoch;
  struct lock_waiter *queue;
  size_t qhead, qlen, qcap;
  /* The epoch's notices, one per page and node (with the larger number),
   * each stamped with the manager's clock when it came or its number rose;
   * a hash of their words (index + 1, 0 empty). A grant sends a node only
   * the notices stamped after its last grant, and those without a number
   * (sent_clock). */
  struct lock_notice *notices;
  uint64_t *stamps;
  size_t nnotices, ncap;
  uint32_t *hash;
  size_t hash_cap;
  uint64_t clock;
  uint64_t *sent_clock; /* per node */
  /* Ordered locks (the ordered construct): granted in iteration order;
   * the record goes once the last of the loop's turns has passed. */
  int ordered;
  int64_t next_turn, turns;
};

static void locks_on_request(int src, const struct msg_hdr *hdr, const void *payload);
static void locks_on_release(int src, const struct msg_hdr *hdr, const void *payload);
static void locks_on_recall(int src, const struct msg_hdr *hdr, const void *payload);
static void locks_on_busy(int src, const struct msg_hdr *hdr, const void *payload);

void locks_init(void) {
  comm_register(MSG_LOCK_REQ, locks_on_request);
  comm_register(MSG_LOCK_REL, locks_on_release);
  comm_register(MSG_LOCK_RECALL, locks_on_recall);
  comm_register(MSG_LOCK_BUSY, locks_on_busy);
  node.locks.lock_buckets = 1024;
  node.locks.lock_table = calloc(node.locks.lock_buckets, sizeof *node.locks.lock_table);
  if (!node.locks.lock_table)
    err_fatal("out of memory for the lock table");
  pthread_mutex_init(&node.locks.lock_table_lock, NULL);
  atomic_init(&node.locks.next_lock, 1);
}

static int is_ordered_id(uint64_t id) { return (id >> 62) == 1; }

static struct lock_rec *lock_find(uint64_t id) {
  size_t bucket = (size_t)((id * 0x9e3779b97f4a7c15ull) >> 40) % node.locks.lock_buckets;
  pthread_mutex_lock(&node.locks.lock_table_lock);
  struct lock_rec *rec = node.locks.lock_table[bucket];
  while (rec && rec->id != id)
    rec = rec->next;
  if (!rec) {
    rec = calloc(1, sizeof *rec);
    if (!rec)
      err_fatal("out of memory for a lock");
    rec->id = id;
    rec->owner = -1;
    rec->presence = LOCK_ABSENT;
    pthread_mutex_init(&rec->mutex, NULL);
    pthread_cond_init(&rec->changed, NULL);
    rec->next = node.locks.lock_table[bucket];
    node.locks.lock_table[bucket] = rec;
    STAT_INC(lock_records);
  }
  pthread_mutex_unlock(&node.locks.lock_table_lock);
  return rec;
}

/* lock_find through a small per-thread cache: a thread that takes the same
 * locks again and again skips the table's mutex. Only records that live to
 * the end are cached (an ordered lock's record goes with its loop). */
#define REC_CACHE_SIZE 16
static __thread struct {
  uint64_t id;
  struct lock_rec *rec;
} rec_cache[REC_CACHE_SIZE];

static struct lock_rec *lock_lookup(uint64_t id) {
  if (is_ordered_id(id))
    return lock_find(id);
  size_t i = (size_t)((id * 0x9e3779b97f4a7c15ull) >> 59) % REC_CACHE_SIZE;
  if (rec_cache[i].rec && rec_cache[i].id == id)
    return rec_cache[i].rec;
  struct lock_rec *rec = lock_find(id);
  rec_cache[i].id = id;
  rec_cache[i].rec = rec;
  return rec;
}

/* Drop a record nobody can name any more (an ordered lock whose loop has
 * passed every turn). The caller holds no reference to it afterwards. */
static void lock_forget(struct lock_rec *rec) {
  size_t bucket = (size_t)((rec->id * 0x9e3779b97f4a7c15ull) >> 40) % node.locks.lock_buckets;
  pthread_mutex_lock(&node.locks.lock_table_lock);
  struct lock_rec **link = &node.locks.lock_table[bucket];
  while (*link && *link != rec)
    link = &(*link)->next;
  if (*link)
    *link = rec->next;
  pthread_mutex_unlock(&node.locks.lock_table_lock);
  pthread_mutex_destroy(&rec->mutex);
  pthread_cond_destroy(&rec->changed);
  free(rec->queue);
  free(rec->notices);
  free(rec->stamps);
  free(rec->hash);
  free(rec->sent_clock);
  free(rec);
  STAT_ADD(lock_records, -1);
}

/* ---- Manager side (comm thread) ------------------------------------------
 *
 * The manager queues requests and grants in FIFO order. A plain lock stays
 * at the node it was granted to (its owner) until some other node asks for
 * it: the manager then recalls it, once, and the owner sends it back (with
 * its write notices) when its threads have released it. A try waits for
 * the owner's answer to the recall: the lock itself if no thread there had
 * it, or "busy", which fails the try without waiting for the release. */

static void lock_new_epoch(struct lock_rec *rec, uint64_t epoch) {
  if (epoch > rec->epoch) {
    /* A barrier since: every node already saw what the notices say. */
    rec->epoch = epoch;
    rec->nnotices = 0;
    rec->clock = 0;
    if (rec->hash)
      memset(rec->hash, 0, rec->hash_cap * sizeof *rec->hash);
    if (rec->sent_clock)
      memset(rec->sent_clock, 0, (size_t)node.size * sizeof *rec->sent_clock);
  }
}

static size_t notice_hash(uint64_t word, size_t cap) {
  return (size_t)((word * 0x9e3779b97f4a7c15ull) >> 32) & (cap - 1);
}

/* The slot of @p word in the hash: its entry's, or the empty one where it
 * goes. */
static size_t notice_slot(const struct lock_rec *rec, uint64_t word) {
  size_t i = notice_hash(word, rec->hash_cap);
  while (rec->hash[i] && rec->notices[rec->hash[i] - 1].word != word)
    i = (i + 1) & (rec->hash_cap - 1);
  return i;
}

/* Room for one more notice: the arrays grow, the hash stays at most half
 * full. */
static void notices_reserve(struct lock_rec *rec) {
  if (rec->nnotices == rec->ncap) {
    size_t cap = rec->ncap ? rec->ncap * 2 : 64;
    struct lock_notice *notices = realloc(rec->notices, cap * sizeof *notices);
    uint64_t *stamps = notices ? realloc(rec->stamps, cap * sizeof *stamps) : NULL;
    if (!notices || !stamps)
      err_fatal("out of memory for lock notices");
    rec->notices = notices;
    rec->stamps = stamps;
    rec->ncap = cap;
  }
  if (2 * (rec->nnotices + 1) > rec->hash_cap) {
    size_t cap = rec->hash_cap ? rec->hash_cap * 2 : 128;
    free(rec->hash);
    if (!(rec->hash = calloc(cap, sizeof *rec->hash)))
      err_fatal("out of memory for lock notices");
    rec->hash_cap = cap;
    for (size_t i = 0; i < rec->nnotices; i++)
      rec->hash[notice_slot(rec, rec->notices[i].word)] = (uint32_t)(i + 1);
  }
}

/* Add @p n notices (unaligned, from a message); one notice per page and
 * node is kept, with the larger number (NOTICE_SEQ_UNKNOWN is larger than
 * any), stamped when it came or its number rose. Notices of an earlier
 * epoch (@p stale: a node that had not yet applied a barrier's departure
 * sent the lock back) keep no number: it may be the old home's. */
static void lock_add_notices(struct lock_rec *rec, const void *notices, size_t n, int stale) {
  for (size_t k = 0; k < n; k++) {
    struct lock_notice at;
    memcpy(&at, (const char *)notices + k * sizeof at, sizeof at);
    if (stale)
      at.seq = NOTICE_SEQ_UNKNOWN;
    notices_reserve(rec);
    size_t slot = notice_slot(rec, at.word);
    if (!rec->hash[slot]) {
      rec->notices[rec->nnotices] = at;
      rec->stamps[rec->nnotices] = ++rec->clock;
      rec->hash[slot] = (uint32_t)++rec->nnotices;
      continue;
    }
    size_t i = rec->hash[slot] - 1;
    if (at.seq > rec->notices[i].seq) {
      rec->notices[i].seq = at.seq;
      rec->stamps[i] = ++rec->clock;
    }
  }
}

/* Grant the lock to node @p dest with the notices it has not had: those
 * stamped since its last grant in this epoch, and every one without a
 * number (its writer may have written again since). A number says the
 * page's home had applied the writes by then, and a node that had the
 * notice either kept a copy as new or dropped its copy, and fetches
 * from the home only newer ones. Notices @p dest sent itself are left
 * out too: its acquire passes over them. */
static void lock_grant(struct lock_rec *rec, int dest, uint64_t slot) {
  if (!rec->sent_clock && !(rec->sent_clock = calloc((size_t)node.size, sizeof *rec->sent_clock)))
    err_fatal("out of memory granting a lock");
  struct lock_notice *out = malloc((rec->nnotices ? rec->nnotices : 1) * sizeof *out);
  if (!out)
    err_fatal("out of memory granting a lock");
  uint64_t since = rec->sent_clock[dest];
  size_t n = 0;
  for (size_t i = 0; i < rec->nnotices; i++)
    if ((int)(rec->notices[i].word & 0xffff) != dest &&
        (rec->stamps[i] > since || rec->notices[i].seq == NOTICE_SEQ_UNKNOWN))
      out[n++] = rec->notices[i];
  rec->sent_clock[dest] = rec->clock;
  STAT_ADD(lock_notices_granted, n);
  comm_reply(dest, slot, 1, out, n * sizeof *out);
  free(out);
}

static void lock_enqueue(struct lock_rec *rec, struct lock_waiter w) {
  if (rec->qhead + rec->qlen == rec->qcap) {
    if (rec->qhead) {
      memmove(rec->queue, rec->queue + rec->qhead, rec->qlen * sizeof *rec->queue);
      rec->qhead = 0;
    } else {
      size_t cap = rec->qcap ? rec->qcap * 2 : 16;
      struct lock_waiter *grown = realloc(rec->queue, cap * sizeof *grown);
      if (!grown)
        err_fatal("out of memory queueing a lock request");
      rec->queue = grown;
      rec->qcap = cap;
    }
  }
  rec->queue[rec->qhead + rec->qlen++] = w;
}

static void manager_recall(struct lock_rec *rec) {
  if (rec->recall_sent)
    return;
  rec->recall_sent = 1;
  comm_post(rec->owner, msg_lock_recall_pack((struct msg_lock_recall){.lock = rec->id}), NULL, 0);
}

/* Hand a plain lock to node @p dest; if others are queued already, it is
 * recalled at once (the owner uses it once, then sends it back). */
static void manager_grant(struct lock_rec *rec, int dest, uint64_t slot) {
  rec->owner = dest;
  rec->recall_sent = 0;
  rec->owner_busy = 0;
  lock_grant(rec, dest, slot);
  if (rec->qlen)
    manager_recall(rec);
}

static void ordered_on_request(int src, struct lock_rec *rec, struct msg_lock_req req,
                               const void *payload) {
  int64_t turn;
  memcpy(&turn, payload, sizeof turn);
  memcpy(&rec->turns, (const char *)payload + sizeof turn, sizeof rec->turns);
  rec->ordered = 1;
  if (!rec->held && turn == rec->next_turn) {
    rec->held = 1;
    lock_grant(rec, src, req.slot);
  } else {
    lock_enqueue(rec, (struct lock_waiter){src, req.slot, turn, 0});
  }
}

static void locks_on_request(int src, const struct msg_hdr *hdr, const void *payload) {
  struct msg_lock_req req = msg_lock_req_unpack(hdr);
  struct lock_rec *rec = lock_find(req.lock);
  lock_new_epoch(rec, req.epoch);
  if (hdr->len == 2 * sizeof(int64_t)) {
    ordered_on_request(src, rec, req, payload);
    return;
  }
  if (rec->owner < 0) {
    manager_grant(rec, src, req.slot);
    return;
  }
  /* The owner itself asks again only after it sent the lock back (the
   * return, from its comm thread, may arrive after the request). */
  if (rec->owner == src && !rec->recall_sent)
    err_fatal("protocol error: rank %d asked for lock %#llx, which it holds", src,
              (unsigned long long)req.lock);
  if (req.try_only && rec->owner_busy) {
    comm_reply(src, req.slot, 0, NULL, 0);
    return;
  }
  /* A try recalls the lock too: a thread polling omp_test_lock would
   * otherwise never get a lock that another node keeps unused. */
  lock_enqueue(rec, (struct lock_waiter){src, req.slot, -1, req.try_only});
  manager_recall(rec);
}

/* The owner has the lock in use: fail the tries waiting for it. */
static void locks_on_busy(int src, const struct msg_hdr *hdr, const void *payload) {
  (void)payload;
  struct msg_lock_busy busy = msg_lock_busy_unpack(hdr);
  struct lock_rec *rec = lock_find(busy.lock);
  if (rec->owner != src || !rec->recall_sent)
    return; /* it came after the lock itself, which moved on since */
  rec->owner_busy = 1;
  size_t kept = 0;
  for (size_t i = 0; i < rec->qlen; i++) {
    struct lock_waiter w = rec->queue[rec->qhead + i];
    if (w.try_only)
      comm_reply(w.node, w.slot, 0, NULL, 0);
    else
      rec->queue[rec->qhead + kept++] = w;
  }
  rec->qlen = kept;
}

static void ordered_on_release(struct lock_rec *rec) {
  /* The next iteration's request may be anywhere in the queue. */
  rec->next_turn++;
  rec->held = 0;
  if (rec->next_turn >= rec->turns && rec->qlen == 0) {
    lock_forget(rec);
    return;
  }
  for (size_t i = 0; i < rec->qlen; i++) {
    struct lock_waiter w = rec->queue[rec->qhead + i];
    if (w.turn != rec->next_turn)
      continue;
    memmove(rec->queue + rec->qhead + i, rec->queue + rec->qhead + i + 1,
            (rec->qlen - i - 1) * sizeof *rec->queue);
    rec->qlen--;
    rec->held = 1;
    lock_grant(rec, w.node, w.slot);
    break;
  }
}

static void locks_on_release(int src, const struct msg_hdr *hdr, const void *payload) {
  struct msg_lock_rel rel = msg_lock_rel_unpack(hdr);
  struct lock_rec *rec = lock_find(rel.lock);
  if (rec->ordered ? !rec->held : rec->owner != src)
    err_fatal("rank %d released lock %#llx, which it does not hold", src,
              (unsigned long long)rel.lock);
  lock_new_epoch(rec, rel.epoch);
  if (hdr->len % sizeof(struct lock_notice))
    err_fatal("protocol error: rank %d released lock %#llx with %zu bytes of notices", src,
              (unsigned long long)rel.lock, (size_t)hdr->len);
  lock_add_notices(rec, payload, hdr->len / sizeof(struct lock_notice), rel.epoch < rec->epoch);
  if (rec->ordered) {
    ordered_on_release(rec);
  } else if (rec->qlen) {
    struct lock_waiter next = rec->queue[rec->qhead++];
    rec->qlen--;
    manager_grant(rec, next.node, next.slot);
  } else {
    rec->owner = -1;
    rec->recall_sent = 0;
    rec->owner_busy = 0;
  }
}

/* ---- Node side ----------------------------------------------------------- */

static int manager_of(uint64_t id) { return (int)(id % (uint64_t)node.size); }

/* Ask the manager for lock @p id and wait for its answer; if granted,
 * invalidate what the lock's previous holders wrote. */
static int request_lock(uint64_t id, int try_only, int64_t turn, int64_t turns) {
  struct wait_slot *slot = comm_my_slot();
  int64_t ordered[2] = {turn, turns};
  comm_expect(slot, 1, NULL, 0);
  struct msg_lock_req req = {
      .lock = id, .epoch = hlrc_epoch(), .slot = comm_slot_index(slot), .try_only = try_only};
  comm_send(manager_of(id), msg_lock_req_pack(req), turn >= 0 ? ordered : NULL,
            turn >= 0 ? sizeof ordered : 0);
  comm_slot_wait(slot);
  int granted = slot->value != 0;
  /* The acquire may wait on the slot again (a dirty page's diff goes home
   * first), which clears its reply: keep the notices' buffer. */
  struct lock_notice *notices = slot->reply;
  size_t count = slot->reply_len / sizeof *notices;
  if (slot->reply_len % sizeof *notices)
    err_fatal("protocol error: lock %#llx granted with %zu bytes of notices",
              (unsigned long long)id, slot->reply_len);
  slot->reply = NULL;
  if (granted)
    hlrc_lock_acquire(notices, count);
  free(notices);
  return granted;
}

/* Send lock @p id back to its manager with this node's write notices. Its
 * diffs are home already (every release sends them). */
static void return_lock(uint64_t id) {
  struct lock_notice *notices;
  size_t n = hlrc_lock_notices(&notices);
  struct msg_lock_rel rel = {.lock = id, .epoch = hlrc_epoch()};
  if (comm_is_comm_thread())
    comm_post(manager_of(id), msg_lock_rel_pack(rel), notices, n * sizeof *notices);
  else
    comm_send(manager_of(id), msg_lock_rel_pack(rel), notices, n * sizeof *notices);
  free(notices);
}

/* Clocks are read only once the acquire has to wait: a lock taken again
 * on its node costs a mutex and no clock read. */
static int cached_acquire(uint64_t id, int try_only) {
  struct lock_rec *rec = lock_lookup(id);
  uint64_t start = 0;
  pthread_mutex_lock(&rec->mutex);
  for (;;) {
    if (rec->presence == LOCK_CACHED) {
      rec->presence = LOCK_HELD;
      pthread_mutex_unlock(&rec->mutex);
      STAT_INC(lock_cached_acquires);
      if (start)
        STAT_ADD(lock_ns, stats_now_ns() - start);
      return 1;
    }
    if (rec->presence == LOCK_ABSENT)
      break;
    if (try_only) {
      pthread_mutex_unlock(&rec->mutex);
      return 0;
    }
    if (!start)
      start = stats_now_ns();
    rec->waiters++;
    pthread_cond_wait(&rec->changed, &rec->mutex);
    rec->waiters--;
  }
  rec->presence = LOCK_REQUESTING;
  pthread_mutex_unlock(&rec->mutex);
  if (!start)
    start = stats_now_ns();
  /* No other thread of this node enters before the notices are applied:
   * the others wait while the lock is REQUESTING. */
  int granted = request_lock(id, try_only, -1, 0);
  pthread_mutex_lock(&rec->mutex);
  rec->presence = granted ? LOCK_HELD : LOCK_ABSENT;
  if (!granted && rec->waiters)
    pthread_cond_broadcast(&rec->changed);
  pthread_mutex_unlock(&rec->mutex);
  STAT_ADD(lock_ns, stats_now_ns() - start);
  return granted;
}

static void cached_release(uint64_t id) {
  hlrc_release();
  struct lock_rec *rec = lock_lookup(id);
  pthread_mutex_lock(&rec->mutex);
  if (rec->presence != LOCK_HELD)
    err_fatal("release of lock %#llx, which no thread of this node holds (an unset "
              "without a set?)",
              (unsigned long long)id);
  int give_back = rec->recalled;
  rec->recalled = 0;
  rec->presence = give_back ? LOCK_ABSENT : LOCK_CACHED;
  if (rec->waiters)
    pthread_cond_broadcast(&rec->changed);
  pthread_mutex_unlock(&rec->mutex);
  if (give_back)
    return_lock(id);
}

static void locks_on_recall(int src, const struct msg_hdr *hdr, const void *payload) {
  (void)payload;
  struct msg_lock_recall recall = msg_lock_recall_unpack(hdr);
  struct lock_rec *rec = lock_find(recall.lock);
  pthread_mutex_lock(&rec->mutex);
  int give_back = 0;
  switch (rec->presence) {
  case LOCK_CACHED:
    rec->presence = LOCK_ABSENT;
    give_back = 1;
    if (rec->waiters)
      pthread_cond_broadcast(&rec->changed);
    break;
  case LOCK_HELD:
  case LOCK_REQUESTING: /* the grant came first: return it after its use */
    rec->recalled = 1;
    comm_post(manager_of(recall.lock),
              msg_lock_busy_pack((struct msg_lock_busy){.lock = recall.lock}), NULL, 0);
    break;
  case LOCK_ABSENT:
    err_fatal("protocol error: rank %d recalled lock %#llx, which is not here", src,
              (unsigned long long)recall.lock);
  }
  pthread_mutex_unlock(&rec->mutex);
  if (give_back)
    return_lock(recall.lock);
}

/* ---- P = 1: a mutex ------------------------------------------------------ */

static int local_acquire(uint64_t id, int try_only, int64_t turn, int64_t turns) {
  struct lock_rec *rec = lock_lookup(id);
  if (try_only)
    return pthread_mutex_trylock(&rec->mutex) == 0;
  if (turn < 0 && pthread_mutex_trylock(&rec->mutex) == 0)
    return 1; /* uncontended: no clock reads either */
  uint64_t start = stats_now_ns();
  pthread_mutex_lock(&rec->mutex);
  if (turn >= 0) {
    rec->ordered = 1;
    rec->turns = turns;
    while (rec->next_turn != turn)
      pthread_cond_wait(&rec->changed, &rec->mutex);
  }
  STAT_ADD(lock_ns, stats_now_ns() - start);
  return 1;
}

static void local_release(uint64_t id) {
  struct lock_rec *rec = lock_lookup(id);
  if (rec->ordered) {
    rec->next_turn++;
    if (rec->next_turn >= rec->turns) {
      /* The loop's last turn: every other thread is past this lock. */
      pthread_mutex_unlock(&rec->mutex);
      lock_forget(rec);
      return;
    }
    pthread_cond_broadcast(&rec->changed);
  }
  pthread_mutex_unlock(&rec->mutex);
}

/* ---- Lock API ------------------------------------------------------------ */

int locks_acquire_turn(uint64_t id, int try_only, int64_t turn, int64_t turns) {
  int got;
  if (node.size == 1) {
    got = local_acquire(id, try_only, turn, turns);
  } else if (turn >= 0) {
    uint64_t start = stats_now_ns();
    got = request_lock(id, try_only, turn, turns);
    STAT_ADD(lock_ns, stats_now_ns() - start);
  } else {
    got = cached_acquire(id, try_only);
  }
  if (got)
    STAT_INC(lock_acquires);
  return got;
}

void locks_release(uint64_t id) {
  if (node.size == 1) {
    local_release(id);
  } else if (is_ordered_id(id)) {
    hlrc_release();
    return_lock(id);
  } else {
    cached_release(id);
  }
}

uint64_t locks_new_id(void) {
  /* Unique job-wide without talking to anyone: the rank is in the id. */
  return ((uint64_t)(node.rank + 1) << 40) | atomic_fetch_add(&node.locks.next_lock, 1);
}

uint64_t locks_critical_id(const char *name) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (const char *p = name ? name : ""; *p; p++)
    hash = (hash ^ (unsigned char)*p) * 0x100000001b3ull;
  return hash | (1ull << 63); /* never collides with locks_new_id ids */
}

/* The ordered construct: one ordered lock per work-shared loop, taken in
 * iteration order. Ids with bit 62 set are ordered locks (bit 63 marks
 * critical sections; locks_new_id ids stay below 2^56). */
uint64_t locks_ordered_id(uint64_t loop_id) { return (1ull << 62) | loop_id; }
