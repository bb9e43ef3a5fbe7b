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
};

struct lock_rec {
  struct lock_rec *next;
  uint64_t id;
  int held;
  uint64_t epoch;
  struct lock_waiter *queue;
  size_t qhead, qlen, qcap;
  uint64_t *notices;
  size_t nnotices, ncap, nunique;
  pthread_mutex_t mutex; /* P = 1 */
  /* Ordered locks (the ordered construct): granted in iteration order;
   * the record goes once the last of the loop's turns has passed. */
  int ordered;
  int64_t next_turn, turns;
  pthread_cond_t turn_changed; /* P = 1 */
};

static void locks_on_request(int src, const struct msg_hdr *hdr, const void *payload);
static void locks_on_release(int src, const struct msg_hdr *hdr, const void *payload);

void locks_init(void) {
  comm_register(MSG_LOCK_REQ, locks_on_request);
  comm_register(MSG_LOCK_REL, locks_on_release);
  node.locks.lock_buckets = 1024;
  node.locks.lock_table = calloc(node.locks.lock_buckets, sizeof *node.locks.lock_table);
  if (!node.locks.lock_table)
    err_fatal("out of memory for the lock table");
  pthread_mutex_init(&node.locks.lock_table_lock, NULL);
  atomic_init(&node.locks.next_lock, 1);
}

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
    pthread_mutex_init(&rec->mutex, NULL);
    pthread_cond_init(&rec->turn_changed, NULL);
    rec->next = node.locks.lock_table[bucket];
    node.locks.lock_table[bucket] = rec;
    STAT_INC(lock_records);
  }
  pthread_mutex_unlock(&node.locks.lock_table_lock);
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
  pthread_cond_destroy(&rec->turn_changed);
  free(rec->queue);
  free(rec->notices);
  free(rec);
  STAT_ADD(lock_records, -1);
}

static int compare_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

static void lock_new_epoch(struct lock_rec *rec, uint64_t epoch) {
  if (epoch > rec->epoch) {
    /* A barrier since: every node already saw what the notices say. */
    rec->epoch = epoch;
    rec->nnotices = rec->nunique = 0;
  }
}

static void lock_add_notices(struct lock_rec *rec, const uint64_t *notices, size_t n) {
  if (rec->nnotices + n > rec->ncap) {
    size_t cap = rec->ncap ? rec->ncap : 64;
    while (cap < rec->nnotices + n)
      cap *= 2;
    uint64_t *grown = realloc(rec->notices, cap * sizeof *grown);
    if (!grown)
      err_fatal("out of memory for lock notices");
    rec->notices = grown;
    rec->ncap = cap;
  }
  memcpy(rec->notices + rec->nnotices, notices, n * sizeof *notices);
  rec->nnotices += n;
  if (rec->nnotices > 2 * rec->nunique + 64) {
    qsort(rec->notices, rec->nnotices, sizeof *rec->notices, compare_u64);
    size_t out = 0;
    for (size_t i = 0; i < rec->nnotices; i++)
      if (out == 0 || rec->notices[out - 1] != rec->notices[i])
        rec->notices[out++] = rec->notices[i];
    rec->nnotices = rec->nunique = out;
  }
}

static void lock_grant(struct lock_rec *rec, int dest, uint64_t slot) {
  comm_reply(dest, slot, 1, rec->notices, rec->nnotices * sizeof *rec->notices);
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

static void locks_on_request(int src, const struct msg_hdr *hdr, const void *payload) {
  struct msg_lock_req req = msg_lock_req_unpack(hdr);
  struct lock_rec *rec = lock_find(req.lock);
  lock_new_epoch(rec, req.epoch);
  int64_t turn = -1;
  if (hdr->len == 2 * sizeof turn) {
    memcpy(&turn, payload, sizeof turn);
    memcpy(&rec->turns, (const char *)payload + sizeof turn, sizeof rec->turns);
    rec->ordered = 1;
  }
  if (!rec->held && (turn < 0 || turn == rec->next_turn)) {
    rec->held = 1;
    lock_grant(rec, src, req.slot);
  } else if (req.try_only) {
    comm_reply(src, req.slot, 0, NULL, 0);
  } else {
    lock_enqueue(rec, (struct lock_waiter){src, req.slot, turn});
  }
}

static void locks_on_release(int src, const struct msg_hdr *hdr, const void *payload) {
  struct msg_lock_rel rel = msg_lock_rel_unpack(hdr);
  struct lock_rec *rec = lock_find(rel.lock);
  if (!rec->held)
    err_fatal("rank %d released lock %#llx, which is not held", src, (unsigned long long)rel.lock);
  lock_new_epoch(rec, rel.epoch);
  lock_add_notices(rec, payload, hdr->len / sizeof(uint64_t));
  if (rec->ordered) {
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
  } else if (rec->qlen) {
    struct lock_waiter next = rec->queue[rec->qhead++];
    rec->qlen--;
    lock_grant(rec, next.node, next.slot);
  } else {
    rec->held = 0;
  }
}

/* ---- Lock API ------------------------------------------------------------ */

static int manager_of(uint64_t id) { return (int)(id % (uint64_t)node.size); }

/* Acquire lock @p id; an ordered lock (@p turn >= 0) only once every
 * earlier turn has released it. */
int locks_acquire_turn(uint64_t id, int try_only, int64_t turn, int64_t turns) {
  uint64_t start = stats_now_ns();
  if (node.size == 1) {
    struct lock_rec *rec = lock_find(id);
    int got = 1;
    if (try_only) {
      got = pthread_mutex_trylock(&rec->mutex) == 0;
    } else {
      pthread_mutex_lock(&rec->mutex);
      if (turn >= 0) {
        rec->ordered = 1;
        rec->turns = turns;
        while (rec->next_turn != turn)
          pthread_cond_wait(&rec->turn_changed, &rec->mutex);
      }
    }
    if (got)
      STAT_INC(lock_acquires);
    STAT_ADD(lock_ns, stats_now_ns() - start);
    return got;
  }
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
  uint64_t *notices = slot->reply;
  size_t count = slot->reply_len / sizeof(uint64_t);
  slot->reply = NULL;
  if (granted) {
    hlrc_acquire(notices, count);
    STAT_INC(lock_acquires);
  }
  free(notices);
  STAT_ADD(lock_ns, stats_now_ns() - start);
  return granted;
}

void locks_release(uint64_t id) {
  if (node.size == 1) {
    struct lock_rec *rec = lock_find(id);
    if (rec->ordered) {
      rec->next_turn++;
      if (rec->next_turn >= rec->turns) {
        /* The loop's last turn: every other thread is past this lock. */
        pthread_mutex_unlock(&rec->mutex);
        lock_forget(rec);
        return;
      }
      pthread_cond_broadcast(&rec->turn_changed);
    }
    pthread_mutex_unlock(&rec->mutex);
    return;
  }
  hlrc_release();
  uint64_t *notices;
  size_t n = hlrc_lock_notices(&notices);
  struct msg_lock_rel rel = {.lock = id, .epoch = hlrc_epoch()};
  comm_send(manager_of(id), msg_lock_rel_pack(rel), notices, n * sizeof *notices);
  free(notices);
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
