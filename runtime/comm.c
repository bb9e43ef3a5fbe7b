#include "comm.h"

#include "error.h"
#include "stats.h"
#include "wait.h"

#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct pending_send {
  struct pending_send *next;
  MPI_Request req;
  char *buf;
};

#define COMM_MAX_POLLS 4

/* The transport's state: comm owns it, the layers above reach it through
 * the functions of comm.h. */
struct comm {
  int rank, size;
  long max_sleep_ns;
  MPI_Comm runtime;    /* bundles to comm threads */
  MPI_Comm world;      /* collectives over all ranks */
  MPI_Comm prefix[64]; /* collectives over ranks [0, k), made on demand */
  unsigned char prefix_made[64];
  comm_handler handlers[MSG_TYPE_COUNT];
  int (*polls[COMM_MAX_POLLS])(void);
  int npolls;
  void (*thread_begin)(void), (*thread_end)(void);
  pthread_t thread;
  int thread_started;
  _Atomic int stop;
  _Atomic uint32_t wake_word;
  _Atomic uint32_t waiting; /* threads waiting for a remote answer */
  _Atomic uint32_t idle;    /* a rank's master thread waiting for the next fork */
  _Atomic(struct comm_request *) requests;
  struct wait_slot slots[COMM_MAX_SLOTS];
  _Atomic uint32_t slots_used;
  /* Control mailbox. */
  pthread_mutex_t control_lock;
  struct control_msg *control_head, *control_tail;
  _Atomic uint32_t control_word;
  /* Comm thread only: one outgoing bundle per destination. */
  struct bundle *out;
  /* Comm thread only: sends still in flight. */
  struct pending_send *pending;
  /* Bulk transfers in flight (comm_bulk_begin): waits and the idle comm
   * thread yield instead of sleeping meanwhile. */
  _Atomic uint32_t bulk;
  _Atomic uint64_t bulk_since; /* when the last one started */
  /* A large message's buffer, given back by its consumer for the next. */
  _Atomic(struct control_msg *) spare;
};

static struct comm C = {.control_lock = PTHREAD_MUTEX_INITIALIZER};
static __thread int my_slot_index = -1;

/* ---- Set-up ----------------------------------------------------------- */

void comm_init(int sleep_us) {
  MPI_Comm_rank(MPI_COMM_WORLD, &C.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &C.size);
  MPI_Comm_dup(MPI_COMM_WORLD, &C.runtime);
  MPI_Comm_dup(MPI_COMM_WORLD, &C.world);
  C.max_sleep_ns = (long)sleep_us * 1000;
}

int comm_rank(void) { return C.rank; }
int comm_size(void) { return C.size; }

void comm_register(uint32_t type, comm_handler handler) {
  if (type == 0 || type >= MSG_TYPE_COUNT || type == MSG_REPLY)
    err_fatal("internal error: no handler can be registered for message type %u", type);
  C.handlers[type] = handler;
}

void comm_register_poll(int (*poll)(void)) {
  if (C.npolls == COMM_MAX_POLLS)
    err_fatal("internal error: more than %d comm-thread polls", COMM_MAX_POLLS);
  C.polls[C.npolls++] = poll;
}

int comm_is_comm_thread(void) {
  return C.thread_started && pthread_equal(pthread_self(), C.thread);
}

/* ---- Wait slots ------------------------------------------------------ */

struct wait_slot *comm_my_slot(void) {
  if (my_slot_index < 0) {
    uint32_t index = atomic_fetch_add(&C.slots_used, 1);
    if (index >= COMM_MAX_SLOTS)
      err_fatal("more than %d threads use the runtime on one rank", COMM_MAX_SLOTS);
    my_slot_index = (int)index;
  }
  return &C.slots[my_slot_index];
}

uint32_t comm_slot_index(const struct wait_slot *slot) { return (uint32_t)(slot - C.slots); }

static void slot_signal(struct wait_slot *slot) {
  atomic_store_explicit(&slot->done, 1, memory_order_release);
  wait_wake(&slot->done, 1);
}

void comm_expect(struct wait_slot *slot, int32_t replies, void *buf, size_t cap) {
  slot->reply_buf = buf;
  slot->reply_cap = cap;
  slot->reply = NULL;
  slot->reply_len = 0;
  slot->gather = 0;
  atomic_store_explicit(&slot->replies_due, replies, memory_order_release);
}

void comm_expect_gather(struct wait_slot *slot, int32_t replies, void *buf, size_t cap) {
  comm_expect(slot, 0, buf, cap);
  slot->gather = 1;
  slot->reply = buf;
  atomic_store_explicit(&slot->replies_due, replies, memory_order_release);
}

void comm_slot_wait(struct wait_slot *slot) {
  atomic_fetch_add(&C.waiting, 1);
  if (!wait_yielding(&slot->done, 0))
    wait_until_changed(&slot->done, 0);
  atomic_fetch_sub(&C.waiting, 1);
  atomic_store_explicit(&slot->done, 0, memory_order_relaxed);
}

void comm_wake(void) {
  STAT_INC(comm_wakes);
  atomic_fetch_add_explicit(&C.wake_word, 1, memory_order_release);
  wait_wake(&C.wake_word, 1);
}

void comm_request_and_wait(struct wait_slot *slot) {
  struct comm_request *req = &slot->req;
  struct comm_request *head = atomic_load_explicit(&C.requests, memory_order_relaxed);
  do {
    req->next = head;
  } while (!atomic_compare_exchange_weak_explicit(&C.requests, &head, req, memory_order_release,
                                                  memory_order_relaxed));
  comm_wake();
  comm_slot_wait(slot);
}

/* ---- Bundles --------------------------------------------------------- */

/* The header comm writes for @p w: only the source and length are its own. */
static struct msg_hdr header_of(struct msg_words w, uint64_t len) {
  return (struct msg_hdr){w.type, (uint32_t)C.rank, len, w.a, w.b, w.c};
}

void *bundle_add_reserve(struct bundle *b, struct msg_words w, size_t len) {
  size_t need = sizeof(struct msg_hdr) + msg_padded(len);
  if (b->len + need > b->cap) {
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + need)
      cap *= 2;
    char *grown = realloc(b->buf, cap);
    if (!grown)
      err_fatal("out of memory building a message of %zu bytes", b->len + need);
    b->buf = grown;
    b->cap = cap;
  }
  struct msg_hdr hdr = header_of(w, len);
  memcpy(b->buf + b->len, &hdr, sizeof hdr);
  char *payload = b->buf + b->len + sizeof hdr;
  b->len += need;
  b->count++;
  return payload;
}

void bundle_add(struct bundle *b, struct msg_words w, const void *payload, size_t len) {
  void *dst = bundle_add_reserve(b, w, len);
  if (len)
    memcpy(dst, payload, len);
}

void bundle_free(struct bundle *b) {
  free(b->buf);
  memset(b, 0, sizeof *b);
}

static void count_send(const struct bundle *b) {
  /* Runtime messages carry pages, diffs, notices and region arguments;
   * none comes near MPI's int count, but a silent wrap would be a lost
   * message. */
  if (b->len > INT_MAX)
    err_fatal("a runtime message of %zu bytes is more than one MPI message can carry",
              (size_t)b->len);
  STAT_INC(msgs_sent);
  STAT_ADD(bytes_sent, b->len);
  STAT_ADD(runtime_msgs_sent, b->count);
}

/* A polling loop's sleep that ran its whole course: how long it was asked
 * to take and took (a virtual machine's idle CPU wakes late). */
static void count_poll_sleep(long asked_ns, uint64_t took_ns) {
  STAT_INC(poll_sleeps);
  STAT_ADD(poll_sleep_asked_ns, asked_ns);
  STAT_ADD(poll_sleep_ns, took_ns);
}

/* How long a wait yields between its tests, before it sleeps, while a
 * bulk transfer is in flight. */
#define COMM_BULK_YIELD_NS 2000000

void comm_bulk_begin(size_t bytes) {
  if (bytes >= COMM_BULK_BYTES) {
    atomic_store_explicit(&C.bulk_since, stats_now_ns(), memory_order_relaxed);
    atomic_fetch_add(&C.bulk, 1);
  }
}

/* A bulk transfer started less than COMM_BULK_YIELD_NS ago is in flight
 * (one whose completion is waited for later, as a fork's sends are at the
 * join, does not keep the communication thread yielding for longer). */
static int bulk_in_flight(uint64_t now) {
  return atomic_load_explicit(&C.bulk, memory_order_relaxed) &&
         now - atomic_load_explicit(&C.bulk_since, memory_order_relaxed) < COMM_BULK_YIELD_NS;
}

void comm_bulk_end(size_t bytes) {
  if (bytes >= COMM_BULK_BYTES)
    atomic_fetch_sub(&C.bulk, 1);
}

void comm_wait_mpi_bulk(MPI_Request *req, size_t bytes) {
  comm_bulk_begin(bytes);
  comm_wait_mpi(req);
  comm_bulk_end(bytes);
}

void comm_wait_mpi(MPI_Request *req) {
  int flag = 0;
  long sleep_ns = 1000;
  for (int round = 0;; round++) {
    MPI_Test(req, &flag, MPI_STATUS_IGNORE);
    if (flag)
      return;
    if (round < 64) {
      sched_yield();
      continue;
    }
    if (bulk_in_flight(stats_now_ns())) {
      sched_yield();
      continue;
    }
    struct timespec ts = {0, sleep_ns};
    uint64_t slept = stats_now_ns();
    if (nanosleep(&ts, NULL) == 0)
      count_poll_sleep(sleep_ns, stats_now_ns() - slept);
    if (sleep_ns < 50000)
      sleep_ns *= 2;
  }
}

void comm_send_bundle(int dest, struct bundle *b) {
  if (b->count == 0)
    return;
  count_send(b);
  MPI_Request req;
  MPI_Isend(b->buf, (int)b->len, MPI_BYTE, dest, COMM_TAG, C.runtime, &req);
  comm_wait_mpi_bulk(&req, b->len);
  b->len = 0;
  b->count = 0;
}

void comm_sends_start(struct comm_sends *s, int first, int last, struct bundle *b) {
  *s = (struct comm_sends){0};
  if (b->count == 0 || first >= last) {
    bundle_free(b);
    return;
  }
  s->reqs = malloc((size_t)(last - first) * sizeof *s->reqs);
  if (!s->reqs)
    err_fatal("out of memory sending to %d ranks", last - first);
  for (int dest = first; dest < last; dest++) {
    count_send(b);
    MPI_Isend(b->buf, (int)b->len, MPI_BYTE, dest, COMM_TAG, C.runtime, &s->reqs[s->count++]);
  }
  s->buf = b->buf;
  s->len = b->len;
  comm_bulk_begin(s->len);
  memset(b, 0, sizeof *b); /* the buffer is the sends' now */
}

void comm_sends_wait(struct comm_sends *s) {
  for (int i = 0; i < s->count; i++)
    comm_wait_mpi(&s->reqs[i]);
  if (s->count)
    comm_bulk_end(s->len);
  free(s->reqs);
  free(s->buf);
  *s = (struct comm_sends){0};
}

void comm_send(int dest, struct msg_words w, const void *payload, size_t len) {
  struct bundle one = {0};
  bundle_add(&one, w, payload, len);
  comm_send_bundle(dest, &one);
  bundle_free(&one);
}

/* ---- Comm-thread sends ------------------------------------------------ */

void *comm_post_reserve(int dest, struct msg_words w, size_t len) {
  return bundle_add_reserve(&C.out[dest], w, len);
}

void comm_post(int dest, struct msg_words w, const void *payload, size_t len) {
  bundle_add(&C.out[dest], w, payload, len);
}

static int flush_posted(void) {
  int sent = 0;
  for (int dest = 0; dest < C.size; dest++) {
    struct bundle *b = &C.out[dest];
    if (b->count == 0)
      continue;
    count_send(b);
    struct pending_send *p = malloc(sizeof *p);
    if (!p)
      err_fatal("out of memory queueing a send");
    p->buf = b->buf;
    MPI_Isend(p->buf, (int)b->len, MPI_BYTE, dest, COMM_TAG, C.runtime, &p->req);
    p->next = C.pending;
    C.pending = p;
    memset(b, 0, sizeof *b); /* the buffer now belongs to the pending send */
    sent = 1;
  }
  return sent;
}

static int reap_sends(void) {
  int reaped = 0;
  struct pending_send **link = &C.pending;
  while (*link) {
    struct pending_send *p = *link;
    int flag = 0;
    MPI_Test(&p->req, &flag, MPI_STATUS_IGNORE);
    if (flag) {
      *link = p->next;
      free(p->buf);
      free(p);
      reaped = 1;
    } else {
      link = &p->next;
    }
  }
  return reaped;
}

/* ---- Control mailbox -------------------------------------------------- */

/* Where a control message's payload starts in its allocation: after its
 * fields and room for the message header that precedes the payload when a
 * large message is received in place (receive_large), at the next aligned
 * place. */
#define CONTROL_HEAD                                                                               \
  ((sizeof(struct control_msg) + sizeof(struct msg_hdr) + COMM_CONTROL_ALIGN - 1) &                \
   ~(size_t)(COMM_CONTROL_ALIGN - 1))

/* Messages of at least this many bytes are received straight into a
 * control message's allocation, which is kept for the next one: a fork
 * whose arguments hold a large firstprivate or copyin array reaches its
 * region without a copy, and without faulting in fresh memory each time
 * (at P = 2 the copy of a 1 MiB fork into a new allocation took 118 us of
 * the 570 us the fork cost). */
#define COMM_LARGE_MSG ((size_t)64 * 1024)

/* An allocation for a control message of @p payload bytes: the spare one
 * if it is large enough. */
static struct control_msg *control_alloc(size_t payload) {
  size_t bytes = CONTROL_HEAD + payload;
  struct control_msg *msg = NULL;
  if (bytes >= COMM_LARGE_MSG) {
    msg = atomic_exchange_explicit(&C.spare, NULL, memory_order_acquire);
    if (msg && msg->alloc < bytes) {
      free(msg);
      msg = NULL;
    }
  }
  if (!msg) {
    if (posix_memalign((void **)&msg, COMM_CONTROL_ALIGN, bytes) != 0)
      err_fatal("out of memory receiving a message of %zu bytes", payload);
    msg->alloc = bytes;
  }
  msg->next = NULL;
  msg->payload = (char *)msg + CONTROL_HEAD;
  return msg;
}

void comm_control_done(struct control_msg *msg) {
  if (msg && msg->alloc >= COMM_LARGE_MSG)
    msg = atomic_exchange_explicit(&C.spare, msg, memory_order_acq_rel);
  free(msg);
}

static void control_enqueue(struct control_msg *msg) {
  pthread_mutex_lock(&C.control_lock);
  if (C.control_tail)
    C.control_tail->next = msg;
  else
    C.control_head = msg;
  C.control_tail = msg;
  atomic_fetch_add(&C.control_word, 1);
  pthread_mutex_unlock(&C.control_lock);
  wait_wake(&C.control_word, INT32_MAX);
}

void comm_deliver_control(int src, const struct msg_hdr *hdr, const void *payload) {
  (void)src;
  struct control_msg *msg = control_alloc(hdr->len);
  msg->hdr = *hdr;
  if (hdr->len) /* payload may be NULL then, which memcpy forbids */
    memcpy(msg->payload, payload, hdr->len);
  control_enqueue(msg);
}

struct control_msg *comm_wait_control(int urgent) {
  _Atomic uint32_t *count = urgent ? &C.waiting : &C.idle;
  atomic_fetch_add(count, 1);
  for (;;) {
    uint32_t seen = atomic_load(&C.control_word);
    pthread_mutex_lock(&C.control_lock);
    struct control_msg *msg = C.control_head;
    if (msg) {
      C.control_head = msg->next;
      if (!msg->next)
        C.control_tail = NULL;
    }
    pthread_mutex_unlock(&C.control_lock);
    if (msg) {
      atomic_fetch_sub(count, 1);
      return msg;
    }
    wait_until_changed(&C.control_word, seen);
  }
}

/* ---- The comm thread -------------------------------------------------- */

static void dispatch(int src, const struct msg_hdr *hdr, const char *payload);

static int drain_requests(void) {
  struct comm_request *list = atomic_exchange_explicit(&C.requests, NULL, memory_order_acquire);
  if (!list)
    return 0;
  /* The stack is newest first; serve oldest first. */
  struct comm_request *fifo = NULL;
  while (list) {
    struct comm_request *next = list->next;
    list->next = fifo;
    fifo = list;
    list = next;
  }
  for (struct comm_request *req = fifo; req;) {
    /* Read everything before the post: the waiting thread may reuse the
     * request as soon as it is answered. */
    struct comm_request *next = req->next;
    req->taken_ns = stats_now_ns();
    if ((int)req->dest == C.rank) {
      /* A question to this node itself: answer it here, no message. */
      struct msg_hdr hdr = header_of(req->words, 0);
      dispatch(C.rank, &hdr, NULL);
    } else {
      comm_post((int)req->dest, req->words, NULL, 0);
    }
    req = next;
  }
  return 1;
}

/* A reply names the wait slot of a thread that asked and still expects a
 * reply. Anything else is a protocol error, not a write somewhere past the
 * slot table or into a buffer nobody registered. */
static void deliver_reply(int src, uint64_t index, uint64_t value, const void *payload,
                          size_t len) {
  uint32_t used = atomic_load(&C.slots_used);
  if (used > COMM_MAX_SLOTS)
    used = COMM_MAX_SLOTS;
  if (index >= used)
    err_fatal("protocol error: reply from rank %d for wait slot %llu (%u in use)", src,
              (unsigned long long)index, used);
  struct wait_slot *slot = &C.slots[index];
  if (atomic_load_explicit(&slot->replies_due, memory_order_acquire) <= 0)
    err_fatal("protocol error: reply from rank %d for wait slot %llu, which expects none", src,
              (unsigned long long)index);
  slot->value = value;
  if (len && slot->gather) {
    if (len > slot->reply_cap - slot->reply_len)
      err_fatal("protocol error: reply of %zu bytes from rank %d for wait slot %llu, "
                "which has room for %zu",
                len, src, (unsigned long long)index, slot->reply_cap - slot->reply_len);
    memcpy((char *)slot->reply_buf + slot->reply_len, payload, len);
    slot->reply_len += len;
  } else if (len) {
    if (slot->reply_buf) {
      if (len > slot->reply_cap)
        err_fatal("protocol error: reply of %zu bytes from rank %d for wait slot %llu, "
                  "which has room for %zu",
                  len, src, (unsigned long long)index, slot->reply_cap);
      memcpy(slot->reply_buf, payload, len);
      slot->reply = slot->reply_buf;
    } else {
      slot->reply = malloc(len);
      if (!slot->reply)
        err_fatal("out of memory receiving a reply of %zu bytes", len);
      memcpy(slot->reply, payload, len);
    }
    slot->reply_len = len;
  }
  if (atomic_load_explicit(&slot->replies_due, memory_order_relaxed) == 1)
    slot->answered_ns = stats_now_ns();
  if (atomic_fetch_sub_explicit(&slot->replies_due, 1, memory_order_acq_rel) == 1)
    slot_signal(slot);
}

void comm_reply(int dest, uint64_t slot, uint64_t value, const void *payload, size_t len) {
  if (dest == C.rank)
    deliver_reply(C.rank, slot, value, payload, len);
  else
    comm_post(dest, msg_reply_pack((struct msg_reply){.value = value, .slot = slot}), payload, len);
}

void *comm_reply_reserve(int dest, uint64_t slot, uint64_t value, size_t len) {
  return comm_post_reserve(dest, msg_reply_pack((struct msg_reply){.value = value, .slot = slot}),
                           len);
}

static void dispatch(int src, const struct msg_hdr *hdr, const char *payload) {
  if (hdr->type == MSG_REPLY) {
    struct msg_reply reply = msg_reply_unpack(hdr);
    deliver_reply(src, reply.slot, reply.value, payload, (size_t)hdr->len);
    return;
  }
  comm_handler handler = hdr->type < MSG_TYPE_COUNT ? C.handlers[hdr->type] : NULL;
  if (!handler)
    err_fatal("protocol error: message type %u from rank %d", hdr->type, src);
  handler(src, hdr, payload);
}

/* Hand each runtime message of a received bundle to its handler. */
static void dispatch_bundle(int src, const char *buf, size_t count) {
  size_t pos = 0;
  while (pos + sizeof(struct msg_hdr) <= count) {
    struct msg_hdr hdr;
    memcpy(&hdr, buf + pos, sizeof hdr);
    pos += sizeof hdr;
    if (hdr.len > count - pos)
      err_fatal("protocol error: truncated message from rank %d", src);
    dispatch(src, &hdr, buf + pos);
    pos += msg_padded(hdr.len);
  }
}

/* A large bundle goes into a control message's allocation, its first
 * header just before the payload's place; a bundle of one control message
 * is delivered as it landed. */
static void receive_large(MPI_Message *probed, int src, size_t count) {
  struct control_msg *msg = control_alloc(count - sizeof(struct msg_hdr));
  char *at = msg->payload - sizeof(struct msg_hdr);
  MPI_Mrecv(at, (int)count, MPI_BYTE, probed, MPI_STATUS_IGNORE);
  STAT_INC(msgs_received);
  STAT_ADD(bytes_received, count);
  struct msg_hdr hdr;
  memcpy(&hdr, at, sizeof hdr);
  int alone =
      hdr.len <= count - sizeof hdr && sizeof hdr + msg_padded(hdr.len) + sizeof hdr > count;
  if (alone && hdr.type < MSG_TYPE_COUNT && C.handlers[hdr.type] == comm_deliver_control) {
    msg->hdr = hdr;
    control_enqueue(msg);
    return;
  }
  dispatch_bundle(src, at, count);
  comm_control_done(msg);
}

static int receive_all(char **buf, size_t *cap) {
  int got = 0;
  for (;;) {
    int flag = 0;
    MPI_Message msg;
    MPI_Status status;
    MPI_Improbe(MPI_ANY_SOURCE, COMM_TAG, C.runtime, &flag, &msg, &status);
    if (!flag)
      return got;
    int count = 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
    got = 1;
    if ((size_t)count >= COMM_LARGE_MSG) {
      receive_large(&msg, status.MPI_SOURCE, (size_t)count);
      continue;
    }
    if ((size_t)count > *cap) {
      free(*buf);
      *cap = (size_t)count * 2;
      *buf = malloc(*cap);
      if (!*buf)
        err_fatal("out of memory receiving %d bytes", count);
    }
    MPI_Mrecv(*buf, count, MPI_BYTE, &msg, MPI_STATUS_IGNORE);
    STAT_INC(msgs_received);
    STAT_ADD(bytes_received, count);
    dispatch_bundle(status.MPI_SOURCE, *buf, (size_t)count);
  }
}

static void *comm_main(void *unused) {
  (void)unused;
  if (C.thread_begin)
    C.thread_begin();
  size_t cap = 1 << 16;
  char *buf = malloc(cap);
  if (!buf)
    err_fatal("out of memory starting the communication thread");
  unsigned idle_rounds = 0;
  long sleep_ns = 1000;
  const long max_sleep_ns = C.max_sleep_ns;
  for (;;) {
    uint32_t seen = atomic_load_explicit(&C.wake_word, memory_order_acquire);
    int busy = drain_requests();
    busy |= receive_all(&buf, &cap);
    for (int i = 0; i < C.npolls; i++)
      busy |= C.polls[i]();
    busy |= flush_posted();
    busy |= reap_sends();
    if (busy) {
      idle_rounds = 0;
      sleep_ns = 1000;
      continue;
    }
    if (atomic_load(&C.stop) && !C.pending)
      break;
    /* Poll hot for a short while after activity; then back off to a
     * bounded futex sleep, which a local request cuts short. The bound is
     * short while a local thread waits for an answer, longer while the
     * rank waits for its next fork (the fork of a region after a serial
     * phase of rank 0 waited up to the whole bound: an empty region after
     * 1 ms of serial work took 572 us at P = 2, T = 1, and 187 us with
     * 50 us, for about 12% of a core per idle rank), and longest (200 us,
     * PARADE_COMM_SLEEP_US) otherwise. While a bulk transfer of this rank
     * is in flight (comm_bulk_begin) it yields instead: a fork's large
     * arguments move on only while some thread of the rank polls MPI. */
    if (++idle_rounds < 200 || bulk_in_flight(stats_now_ns())) {
      sched_yield();
      continue;
    }
    long cap_ns = atomic_load(&C.waiting) ? 20000
                  : atomic_load(&C.idle)  ? (max_sleep_ns < 50000 ? max_sleep_ns : 50000)
                                          : max_sleep_ns;
    if (sleep_ns > cap_ns)
      sleep_ns = cap_ns;
    uint64_t slept = stats_now_ns();
    if (wait_futex(&C.wake_word, seen, (uint64_t)sleep_ns))
      count_poll_sleep(sleep_ns, stats_now_ns() - slept);
    if (sleep_ns < cap_ns)
      sleep_ns *= 2;
  }
  free(buf);
  if (C.thread_end)
    C.thread_end();
  return NULL;
}

void comm_start(void (*thread_begin)(void), void (*thread_end)(void)) {
  C.thread_begin = thread_begin;
  C.thread_end = thread_end;
  C.out = calloc((size_t)C.size, sizeof *C.out);
  if (!C.out)
    err_fatal("out of memory starting the communication thread");
  if (pthread_create(&C.thread, NULL, comm_main, NULL) != 0)
    err_fatal("cannot start the communication thread");
  C.thread_started = 1;
}

void comm_stop(void) {
  if (!C.thread_started)
    return;
  atomic_store(&C.stop, 1);
  comm_wake();
  pthread_join(C.thread, NULL);
  C.thread_started = 0;
  for (int i = 0; i < C.size; i++)
    bundle_free(&C.out[i]);
  free(C.out);
  C.out = NULL;
  free(atomic_exchange(&C.spare, NULL));
}

/* ---- Collective helpers ----------------------------------------------- */

MPI_Comm comm_prefix(int k) {
  if (k >= C.size)
    return C.world;
  if (k > (int)(sizeof C.prefix / sizeof C.prefix[0]))
    err_fatal("a team on %d of %d ranks is not supported", k, C.size);
  if (!C.prefix_made[k - 1]) {
    MPI_Comm made;
    MPI_Comm_split(C.world, C.rank < k ? 0 : MPI_UNDEFINED, C.rank, &made);
    C.prefix[k - 1] = made;
    C.prefix_made[k - 1] = 1;
  }
  return C.prefix[k - 1];
}

void comm_barrier_world(void) {
  MPI_Request req;
  MPI_Ibarrier(C.world, &req);
  comm_wait_mpi(&req);
}

void comm_gather_world(const void *mine, size_t len, void *all) {
  MPI_Request req;
  MPI_Igather(mine, (int)len, MPI_BYTE, all, (int)len, MPI_BYTE, 0, C.world, &req);
  comm_wait_mpi(&req);
}
