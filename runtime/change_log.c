#include "change_log.h"

#include "comm.h"
#include "error.h"
#include "stats.h"

#include <sched.h>
#include <stdatomic.h>
#include <string.h>

/* Change number n (from 1) is entry n % CHANGE_LOG_SIZE: its number and
 * page << 16 | writer. A spin lock keeps each entry whole: a mark holds it
 * for a few stores (in the fault handler, where no lock of the C library
 * may be taken), an answer for one scan of at most CHANGE_LOG_SIZE entries
 * on the communication thread; neither waits for anything while holding
 * it, and neither touches shared pages (no fault can come inside). */
static struct {
  atomic_flag busy;
  uint64_t next; /* the number of the last change */
  uint64_t seq[CHANGE_LOG_SIZE];
  uint64_t word[CHANGE_LOG_SIZE];
} log_ = {.busy = ATOMIC_FLAG_INIT};

static void log_lock(void) {
  for (unsigned spin = 0; atomic_flag_test_and_set_explicit(&log_.busy, memory_order_acquire);
       spin++)
    if (spin > 64)
      sched_yield(); /* the holder may be descheduled: these are shared cores */
}

static void log_unlock(void) { atomic_flag_clear_explicit(&log_.busy, memory_order_release); }

uint64_t change_log_mark(size_t page, uint32_t writer) {
  log_lock();
  uint64_t n = ++log_.next;
  log_.seq[n % CHANGE_LOG_SIZE] = n;
  log_.word[n % CHANGE_LOG_SIZE] = (uint64_t)page << 16 | (writer & 0xffff);
  log_unlock();
  return n;
}

uint64_t change_log_last(void) {
  log_lock();
  uint64_t last = log_.next;
  log_unlock();
  return last;
}

/* Fill @p out with the pages changed after change @p since by nodes other
 * than @p asker. */
static void collect(uint64_t since, uint32_t asker, struct changes_reply *out, uint32_t *pages) {
  log_lock();
  uint64_t last = log_.next;
  out->seq = last;
  out->count = 0;
  if (since > last) {
    log_unlock();
    err_fatal("protocol error: rank %u asked for changes after %llu, of %llu made", asker,
              (unsigned long long)since, (unsigned long long)last);
  }
  if (last - since > CHANGE_LOG_SIZE) {
    out->count = CHANGES_ALL; /* the oldest of them are overwritten */
    log_unlock();
    return;
  }
  for (uint64_t n = since + 1; n <= last; n++) {
    size_t at = n % CHANGE_LOG_SIZE;
    if (log_.seq[at] != n) {
      log_unlock();
      err_fatal("the change log lost change %llu", (unsigned long long)n);
    }
    uint64_t word = log_.word[at];
    if ((uint32_t)(word & 0xffff) == (asker & 0xffff))
      continue; /* the asker's own diff: its copy has those bytes */
    if (out->count == CHANGES_MAX_LISTED) {
      out->count = CHANGES_ALL;
      break;
    }
    pages[out->count++] = (uint32_t)(word >> 16);
  }
  log_unlock();
}

static void on_changes_req(int src, const struct msg_hdr *hdr, const void *payload) {
  (void)payload;
  struct msg_changes_req req = msg_changes_req_unpack(hdr);
  struct changes_reply head;
  uint32_t pages[CHANGES_MAX_LISTED];
  collect(req.since, (uint32_t)src, &head, pages);
  head.home = (uint32_t)comm_rank();
  size_t listed = head.count == CHANGES_ALL ? 0 : head.count;
  size_t len = sizeof head + listed * sizeof *pages;
  char *reply = comm_reply_reserve(src, req.slot, 0, len);
  memcpy(reply, &head, sizeof head);
  memcpy(reply + sizeof head, pages, listed * sizeof *pages);
}

void change_log_init(void) { comm_register(MSG_CHANGES_REQ, on_changes_req); }
