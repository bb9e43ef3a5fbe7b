#include "comm.h"

#include "alloc.h"
#include "error.h"
#include "fault.h"
#include "hlrc.h"
#include "node.h"
#include "sync.h"
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

static __thread int my_slot_index = -1;

/* ---- Wait slots ------------------------------------------------------ */

struct wait_slot *comm_my_slot(void) {
  if (my_slot_index < 0) {
    uint32_t index = atomic_fetch_add(&node.comm.slots_used, 1);
    if (index >= COMM_MAX_SLOTS)
      err_fatal("more than %d threads use the runtime on one rank", COMM_MAX_SLOTS);
    my_slot_index = (int)index;
  }
  return &node.comm.slots[my_slot_index];
}

uint32_t comm_slot_index(const struct wait_slot *slot) {
  return (uint32_t)(slot - node.comm.slots);
}

void comm_slot_signal(struct wait_slot *slot) {
  atomic_store_explicit(&slot->done, 1, memory_order_release);
  wait_wake(&slot->done, 1);
}

void comm_slot_wait(struct wait_slot *slot) {
  atomic_fetch_add(&node.comm.waiting, 1);
  wait_until_changed(&slot->done, 0);
  atomic_fetch_sub(&node.comm.waiting, 1);
  atomic_store_explicit(&slot->done, 0, memory_order_relaxed);
}

static void wake_comm_thread(void) {
  atomic_fetch_add_explicit(&node.comm.wake_word, 1, memory_order_release);
  wait_wake(&node.comm.wake_word, 1);
}

void comm_request_and_wait(struct wait_slot *slot) {
  struct comm_request *req = &slot->req;
  struct comm_request *head = atomic_load_explicit(&node.comm.requests, memory_order_relaxed);
  do {
    req->next = head;
  } while (!atomic_compare_exchange_weak_explicit(&node.comm.requests, &head, req,
                                                  memory_order_release, memory_order_relaxed));
  wake_comm_thread();
  comm_slot_wait(slot);
}

/* ---- Bundles --------------------------------------------------------- */

void *bundle_add_reserve(struct bundle *b, uint32_t type, uint64_t a, uint64_t bb, uint64_t c,
                         size_t len) {
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
  struct msg_hdr hdr = {type, (uint32_t)node.rank, len, a, bb, c};
  memcpy(b->buf + b->len, &hdr, sizeof hdr);
  char *payload = b->buf + b->len + sizeof hdr;
  b->len += need;
  b->count++;
  return payload;
}

void bundle_add(struct bundle *b, uint32_t type, uint64_t a, uint64_t bb, uint64_t c,
                const void *payload, size_t len) {
  void *dst = bundle_add_reserve(b, type, a, bb, c, len);
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
    struct timespec ts = {0, sleep_ns};
    nanosleep(&ts, NULL);
    if (sleep_ns < 50000)
      sleep_ns *= 2;
  }
}

void comm_send_bundle(int dest, struct bundle *b) {
  if (b->count == 0)
    return;
  count_send(b);
  MPI_Request req;
  MPI_Isend(b->buf, (int)b->len, MPI_BYTE, dest, COMM_TAG, node.comm.runtime, &req);
  comm_wait_mpi(&req);
  b->len = 0;
  b->count = 0;
}

void comm_send(int dest, uint32_t type, uint64_t a, uint64_t b, uint64_t c, const void *payload,
               size_t len) {
  struct bundle one = {0};
  bundle_add(&one, type, a, b, c, payload, len);
  comm_send_bundle(dest, &one);
  bundle_free(&one);
}

/* ---- Comm-thread sends ------------------------------------------------ */

void *comm_post_reserve(int dest, uint32_t type, uint64_t a, uint64_t b, uint64_t c,
                        size_t len) {
  return bundle_add_reserve(&node.comm.out[dest], type, a, b, c, len);
}

void comm_post(int dest, uint32_t type, uint64_t a, uint64_t b, uint64_t c, const void *payload,
               size_t len) {
  bundle_add(&node.comm.out[dest], type, a, b, c, payload, len);
}

static int flush_posted(void) {
  int sent = 0;
  for (int dest = 0; dest < node.size; dest++) {
    struct bundle *b = &node.comm.out[dest];
    if (b->count == 0)
      continue;
    count_send(b);
    struct pending_send *p = malloc(sizeof *p);
    if (!p)
      err_fatal("out of memory queueing a send");
    p->buf = b->buf;
    MPI_Isend(p->buf, (int)b->len, MPI_BYTE, dest, COMM_TAG, node.comm.runtime, &p->req);
    p->next = node.comm.pending;
    node.comm.pending = p;
    memset(b, 0, sizeof *b); /* the buffer now belongs to the pending send */
    sent = 1;
  }
  return sent;
}

static int reap_sends(void) {
  int reaped = 0;
  struct pending_send **link = &node.comm.pending;
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

static void control_push(const struct msg_hdr *hdr, const void *payload) {
  struct control_msg *msg = malloc(sizeof *msg + hdr->len);
  if (!msg)
    err_fatal("out of memory receiving a control message");
  msg->next = NULL;
  msg->hdr = *hdr;
  memcpy(msg->payload, payload, hdr->len);
  pthread_mutex_lock(&node.comm.control_lock);
  if (node.comm.control_tail)
    node.comm.control_tail->next = msg;
  else
    node.comm.control_head = msg;
  node.comm.control_tail = msg;
  atomic_fetch_add(&node.comm.control_word, 1);
  pthread_mutex_unlock(&node.comm.control_lock);
  wait_wake(&node.comm.control_word, INT32_MAX);
}

struct control_msg *comm_wait_control(int urgent) {
  if (urgent)
    atomic_fetch_add(&node.comm.waiting, 1);
  for (;;) {
    uint32_t seen = atomic_load(&node.comm.control_word);
    pthread_mutex_lock(&node.comm.control_lock);
    struct control_msg *msg = node.comm.control_head;
    if (msg) {
      node.comm.control_head = msg->next;
      if (!msg->next)
        node.comm.control_tail = NULL;
    }
    pthread_mutex_unlock(&node.comm.control_lock);
    if (msg) {
      if (urgent)
        atomic_fetch_sub(&node.comm.waiting, 1);
      return msg;
    }
    wait_until_changed(&node.comm.control_word, seen);
  }
}

/* ---- The comm thread -------------------------------------------------- */

static int drain_requests(void) {
  struct comm_request *list = atomic_exchange_explicit(&node.comm.requests, NULL,
                                                       memory_order_acquire);
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
    if (req->type == MSG_PAGE_REQ && (int)req->dest == node.rank) {
      struct msg_hdr hdr = {MSG_PAGE_REQ, (uint32_t)node.rank, 0, req->a, req->b, req->c};
      hlrc_on_page_req(node.rank, &hdr);
    } else {
      comm_post((int)req->dest, req->type, req->a, req->b, req->c, NULL, 0);
    }
    req = next;
  }
  return 1;
}

/* A reply names the wait slot of the thread that asked. Any other index is
 * a protocol error, not a write somewhere past the slot table. */
static struct wait_slot *reply_slot(int src, const struct msg_hdr *hdr) {
  uint32_t used = atomic_load(&node.comm.slots_used);
  if (used > COMM_MAX_SLOTS)
    used = COMM_MAX_SLOTS;
  if (hdr->c >= used)
    err_fatal("protocol error: reply of type %u from rank %d for wait slot %llu (%u in use)",
              hdr->type, src, (unsigned long long)hdr->c, used);
  return &node.comm.slots[hdr->c];
}

static void dispatch(int src, const struct msg_hdr *hdr, const char *payload) {
  struct wait_slot *slot;
  switch (hdr->type) {
  case MSG_PAGE_REQ: hlrc_on_page_req(src, hdr); break;
  case MSG_PAGE_REP: hlrc_on_page_rep(hdr, payload); break;
  case MSG_DIFF: hlrc_on_diff(src, hdr, payload); break;
  case MSG_DIFF_ACK:
    slot = reply_slot(src, hdr);
    if (atomic_fetch_sub(&slot->acks_due, 1) == 1)
      comm_slot_signal(slot);
    break;
  case MSG_ARRIVE: hlrc_on_arrive(src, hdr, payload); break;
  case MSG_DEPART:
  case MSG_FORK:
  case MSG_EXIT: control_push(hdr, payload); break;
  case MSG_LOCK_REQ: sync_on_lock_req(src, hdr, payload); break;
  case MSG_LOCK_REL: sync_on_lock_rel(src, hdr, payload); break;
  case MSG_LOCK_GRANT:
    slot = reply_slot(src, hdr);
    slot->value = hdr->b;
    slot->reply = NULL;
    slot->reply_len = hdr->len;
    if (hdr->len) {
      slot->reply = malloc(hdr->len);
      if (!slot->reply)
        err_fatal("out of memory receiving a lock grant");
      memcpy(slot->reply, payload, hdr->len);
    }
    comm_slot_signal(slot);
    break;
  case MSG_FREE: alloc_on_free(hdr); break;
  case MSG_SIZE_REQ: alloc_on_size_req(src, hdr); break;
  case MSG_SIZE_REP:
    slot = reply_slot(src, hdr);
    slot->value = hdr->a;
    comm_slot_signal(slot);
    break;
  default:
    err_fatal("protocol error: message type %u from rank %d", hdr->type, src);
  }
}

static int receive_all(char **buf, size_t *cap) {
  int got = 0;
  for (;;) {
    int flag = 0;
    MPI_Message msg;
    MPI_Status status;
    MPI_Improbe(MPI_ANY_SOURCE, COMM_TAG, node.comm.runtime, &flag, &msg, &status);
    if (!flag)
      return got;
    int count = 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
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
    size_t pos = 0;
    while (pos + sizeof(struct msg_hdr) <= (size_t)count) {
      struct msg_hdr hdr;
      memcpy(&hdr, *buf + pos, sizeof hdr);
      pos += sizeof hdr;
      if (hdr.len > (size_t)count - pos)
        err_fatal("protocol error: truncated message from rank %d", status.MPI_SOURCE);
      dispatch(status.MPI_SOURCE, &hdr, *buf + pos);
      pos += msg_padded(hdr.len);
    }
    got = 1;
  }
}

static void *comm_main(void *unused) {
  (void)unused;
  fault_thread_start(FAULT_COMM_THREAD, 0);
  size_t cap = 1 << 16;
  char *buf = malloc(cap);
  if (!buf)
    err_fatal("out of memory starting the communication thread");
  unsigned idle_rounds = 0;
  long sleep_ns = 1000;
  const long max_sleep_ns = (long)node.opt.comm_sleep_us * 1000;
  for (;;) {
    uint32_t seen = atomic_load_explicit(&node.comm.wake_word, memory_order_acquire);
    int busy = drain_requests();
    busy |= receive_all(&buf, &cap);
    busy |= hlrc_retry_deferred();
    busy |= flush_posted();
    busy |= reap_sends();
    if (busy) {
      idle_rounds = 0;
      sleep_ns = 1000;
      continue;
    }
    if (atomic_load(&node.comm.stop) && !node.comm.pending)
      break;
    /* Poll hot for a short while after activity or while a local thread
     * waits for an answer; otherwise back off to a bounded futex sleep,
     * which a local request cuts short. */
    if (++idle_rounds < 200) {
      sched_yield();
      continue;
    }
    long cap_ns = atomic_load(&node.comm.waiting) ? 20000 : max_sleep_ns;
    if (sleep_ns > cap_ns)
      sleep_ns = cap_ns;
    wait_futex(&node.comm.wake_word, seen, (uint64_t)sleep_ns);
    if (sleep_ns < cap_ns)
      sleep_ns *= 2;
  }
  free(buf);
  fault_thread_end();
  return NULL;
}

void comm_start(void) {
  node.comm.out = calloc((size_t)node.size, sizeof *node.comm.out);
  if (!node.comm.out)
    err_fatal("out of memory starting the communication thread");
  pthread_mutex_init(&node.comm.control_lock, NULL);
  if (pthread_create(&node.comm.thread, NULL, comm_main, NULL) != 0)
    err_fatal("cannot start the communication thread");
  node.comm.thread_started = 1;
}

void comm_stop(void) {
  if (!node.comm.thread_started)
    return;
  atomic_store(&node.comm.stop, 1);
  wake_comm_thread();
  pthread_join(node.comm.thread, NULL);
  node.comm.thread_started = 0;
  for (int i = 0; i < node.size; i++)
    bundle_free(&node.comm.out[i]);
  free(node.comm.out);
  node.comm.out = NULL;
}

/* ---- Collective helpers ----------------------------------------------- */

MPI_Comm comm_prefix(int k) {
  if (k >= node.size)
    return node.comm.world;
  if (k > (int)(sizeof node.comm.prefix / sizeof node.comm.prefix[0]))
    err_fatal("a team on %d of %d ranks is not supported", k, node.size);
  if (!node.comm.prefix_made[k - 1]) {
    MPI_Comm made;
    MPI_Comm_split(node.comm.world, node.rank < k ? 0 : MPI_UNDEFINED, node.rank, &made);
    node.comm.prefix[k - 1] = made;
    node.comm.prefix_made[k - 1] = 1;
  }
  return node.comm.prefix[k - 1];
}

void comm_barrier_world(void) {
  MPI_Request req;
  MPI_Ibarrier(node.comm.world, &req);
  comm_wait_mpi(&req);
}

void comm_gather_world(const void *mine, size_t len, void *all) {
  MPI_Request req;
  MPI_Igather(mine, (int)len, MPI_BYTE, all, (int)len, MPI_BYTE, 0, node.comm.world, &req);
  comm_wait_mpi(&req);
}
