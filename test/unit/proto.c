// Unit test of the wire format (proto.h): every message type's fields come
// back from msg_<type>_unpack as msg_<type>_pack put them, at the edges of
// what the packed words hold (the largest page under REQ_PAGE_BITS, the
// most stores above it, a lock request with and without LOCK_TRY_BIT, a
// diff with and without an ack), each field alone so that one lost or
// overwritten by another shows; and the words land where they always have,
// since every rank reads them with the same layout.
//
// RUN: %cc-parade-internal
// RUN: %t | FileCheck %s --implicit-check-not=FAILED
// CHECK: proto: 18 message types, {{[0-9]+}} round trips, layout unchanged
#include "proto.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int trips, failures;
static unsigned seen_types;

/* The header as comm builds it: the sender's words, its own source and
 * length; a handler gets only this. */
static struct msg_hdr sent(struct msg_words w, uint32_t want_type) {
  if (w.type != want_type) {
    failures++;
    printf("proto: FAILED pack of type %u gives type %u\n", want_type, w.type);
  }
  seen_types |= 1u << w.type;
  trips++;
  return (struct msg_hdr){w.type, 3, 0, w.a, w.b, w.c};
}

#define EXPECT(type, field, got, want)                                                            \
  do {                                                                                            \
    if ((uint64_t)(got) != (uint64_t)(want)) {                                                    \
      failures++;                                                                                 \
      printf("proto: FAILED %s.%s: %#llx came back as %#llx (line %d)\n", type, field,            \
             (unsigned long long)(want), (unsigned long long)(got), __LINE__);                    \
    }                                                                                             \
  } while (0)

#define WORDS(what, w, wa, wb, wc)                                                                \
  do {                                                                                            \
    struct msg_words w_ = (w);                                                                    \
    if (w_.a != (uint64_t)(wa) || w_.b != (uint64_t)(wb) || w_.c != (uint64_t)(wc)) {             \
      failures++;                                                                                 \
      printf("proto: FAILED %s: words %#llx %#llx %#llx, the wire has %#llx %#llx %#llx\n",       \
             what, (unsigned long long)w_.a, (unsigned long long)w_.b,                            \
             (unsigned long long)w_.c, (unsigned long long)(wa), (unsigned long long)(wb),        \
             (unsigned long long)(wc));                                                           \
    }                                                                                             \
  } while (0)

static const uint64_t MAX_PAGE = REQ_PAGE_MASK;
static const uint32_t MAX_STORES = (uint32_t)(UINT64_MAX >> REQ_PAGE_BITS);
/* Wait slot indices are small; the largest the slot word could carry
 * beside the flags it shares (LOCK_TRY_BIT, NO_ACK) still round-trips. */
static const uint64_t BIG_SLOT = LOCK_TRY_BIT - 1;

static void reply(uint64_t value, uint64_t slot) {
  struct msg_hdr h = sent(msg_reply_pack((struct msg_reply){.value = value, .slot = slot}),
                          MSG_REPLY);
  struct msg_reply m = msg_reply_unpack(&h);
  EXPECT("reply", "value", m.value, value);
  EXPECT("reply", "slot", m.slot, slot);
}

static void page_req(uint64_t page, uint32_t stores, uint64_t epoch, uint32_t slot,
                     uint32_t count) {
  struct msg_page_req in = {
      .page = page, .stores = stores, .epoch = epoch, .slot = slot, .count = count};
  struct msg_hdr h = sent(msg_page_req_pack(in), MSG_PAGE_REQ);
  struct msg_page_req m = msg_page_req_unpack(&h);
  EXPECT("page_req", "page", m.page, page);
  EXPECT("page_req", "stores", m.stores, stores);
  EXPECT("page_req", "epoch", m.epoch, epoch);
  EXPECT("page_req", "slot", m.slot, slot);
  EXPECT("page_req", "count", m.count, count);
}

static void diff(uint64_t page, uint64_t epoch, int ack, uint64_t slot) {
  struct msg_diff in = {.page = page, .epoch = epoch, .ack = ack, .slot = slot};
  struct msg_hdr h = sent(msg_diff_pack(in), MSG_DIFF);
  struct msg_diff m = msg_diff_unpack(&h);
  EXPECT("diff", "page", m.page, page);
  EXPECT("diff", "epoch", m.epoch, epoch);
  EXPECT("diff", "ack", m.ack, ack);
  if (ack)
    EXPECT("diff", "slot", m.slot, slot);
}

static void depart(uint64_t epoch) {
  struct msg_hdr h = sent(msg_depart_pack((struct msg_depart){.epoch = epoch}), MSG_DEPART);
  EXPECT("depart", "epoch", msg_depart_unpack(&h).epoch, epoch);
}

static void fork_msg(uint64_t epoch) {
  struct msg_hdr h = sent(msg_fork_pack((struct msg_fork){.epoch = epoch}), MSG_FORK);
  EXPECT("fork", "epoch", msg_fork_unpack(&h).epoch, epoch);
}

static void exit_msg(int status) {
  struct msg_hdr h = sent(msg_exit_pack((struct msg_exit){.status = status}), MSG_EXIT);
  EXPECT("exit", "status", (int64_t)msg_exit_unpack(&h).status, (int64_t)status);
}

static void exit_ask_msg(int status) {
  struct msg_hdr h = sent(msg_exit_ask_pack((struct msg_exit){.status = status}), MSG_EXIT_ASK);
  EXPECT("exit_ask", "status", (int64_t)msg_exit_unpack(&h).status, (int64_t)status);
}

static void chdir_msg(void) {
  /* Its only word is its type; the directory is its payload. */
  struct msg_hdr h = sent(msg_chdir_pack(), MSG_CHDIR);
  EXPECT("chdir", "a", h.a, 0);
}

static void fulfil_msg(uint64_t event) {
  struct msg_hdr h = sent(msg_fulfil_pack((struct msg_fulfil){.event = event}), MSG_FULFIL);
  EXPECT("fulfil", "event", msg_fulfil_unpack(&h).event, event);
}

static void changes_req(uint64_t since, uint64_t slot) {
  struct msg_hdr h = sent(msg_changes_req_pack((struct msg_changes_req){.since = since, .slot = slot}),
                          MSG_CHANGES_REQ);
  struct msg_changes_req m = msg_changes_req_unpack(&h);
  EXPECT("changes_req", "since", m.since, since);
  EXPECT("changes_req", "slot", m.slot, slot);
}

static void lock_req(uint64_t lock, uint64_t epoch, uint64_t slot, int try_only) {
  struct msg_lock_req in = {.lock = lock, .epoch = epoch, .slot = slot, .try_only = try_only};
  struct msg_hdr h = sent(msg_lock_req_pack(in), MSG_LOCK_REQ);
  struct msg_lock_req m = msg_lock_req_unpack(&h);
  EXPECT("lock_req", "lock", m.lock, lock);
  EXPECT("lock_req", "epoch", m.epoch, epoch);
  EXPECT("lock_req", "slot", m.slot, slot);
  EXPECT("lock_req", "try_only", m.try_only, try_only);
}

static void lock_rel(uint64_t lock, uint64_t epoch) {
  struct msg_lock_rel in = {.lock = lock, .epoch = epoch};
  struct msg_hdr h = sent(msg_lock_rel_pack(in), MSG_LOCK_REL);
  struct msg_lock_rel m = msg_lock_rel_unpack(&h);
  EXPECT("lock_rel", "lock", m.lock, lock);
  EXPECT("lock_rel", "epoch", m.epoch, epoch);
}

static void lock_recall(uint64_t lock) {
  struct msg_hdr h = sent(msg_lock_recall_pack((struct msg_lock_recall){.lock = lock}),
                          MSG_LOCK_RECALL);
  EXPECT("lock_recall", "lock", msg_lock_recall_unpack(&h).lock, lock);
}

static void lock_busy(uint64_t lock) {
  struct msg_hdr h = sent(msg_lock_busy_pack((struct msg_lock_busy){.lock = lock}), MSG_LOCK_BUSY);
  EXPECT("lock_busy", "lock", msg_lock_busy_unpack(&h).lock, lock);
}

static void steal(uint64_t loop, uint32_t slot, uint32_t parts, uint64_t count) {
  struct msg_hdr h = sent(
      msg_steal_pack((struct msg_steal){.loop = loop, .slot = slot, .parts = parts, .count = count}),
      MSG_STEAL);
  struct msg_steal m = msg_steal_unpack(&h);
  EXPECT("steal", "loop", m.loop, loop);
  EXPECT("steal", "slot", m.slot, slot);
  EXPECT("steal", "parts", m.parts, parts);
  EXPECT("steal", "count", m.count, count);
}

static void free_msg(void *block) {
  struct msg_hdr h = sent(msg_free_pack((struct msg_free){.block = block}), MSG_FREE);
  EXPECT("free", "block", (uintptr_t)msg_free_unpack(&h).block, (uintptr_t)block);
}

static void size_req(void *block, uint64_t slot) {
  struct msg_size_req in = {.block = block, .slot = slot};
  struct msg_hdr h = sent(msg_size_req_pack(in), MSG_SIZE_REQ);
  struct msg_size_req m = msg_size_req_unpack(&h);
  EXPECT("size_req", "block", (uintptr_t)m.block, (uintptr_t)block);
  EXPECT("size_req", "slot", m.slot, slot);
}

static void output(uint64_t stream, uint64_t flush, uint64_t slot) {
  struct msg_hdr h = sent(
      msg_output_pack((struct msg_output){.stream = stream, .flush = flush, .slot = slot}),
      MSG_OUTPUT);
  struct msg_output m = msg_output_unpack(&h);
  EXPECT("output", "stream", m.stream, stream);
  EXPECT("output", "flush", m.flush, flush);
  EXPECT("output", "slot", m.slot, slot);
}

/* Where each type's fields sit in the words: the same as before the typed
 * structs (the comments of proto.h). */
static void layout(void) {
  WORDS("reply", msg_reply_pack((struct msg_reply){.value = 7, .slot = 9}), 7, 0, 9);
  WORDS("page_req",
        msg_page_req_pack(
            (struct msg_page_req){.page = 5, .stores = 3, .epoch = 8, .slot = 2, .count = 4}),
        5 | 3ull << 40, 8, 2 | 4ull << 32);
  WORDS("diff", msg_diff_pack((struct msg_diff){.page = 5, .epoch = 8, .ack = 1, .slot = 2}), 5,
        8, 2);
  WORDS("diff without ack", msg_diff_pack((struct msg_diff){.page = 5, .epoch = 8, .slot = 2}), 5,
        8, UINT64_MAX);
  WORDS("depart", msg_depart_pack((struct msg_depart){.epoch = 8}), 0, 8, 0);
  WORDS("fork", msg_fork_pack((struct msg_fork){.epoch = 8}), 0, 8, 0);
  WORDS("exit", msg_exit_pack((struct msg_exit){.status = -1}), 0xffffffffu, 0, 0);
  WORDS("exit_ask", msg_exit_ask_pack((struct msg_exit){.status = -1}), 0xffffffffu, 0, 0);
  WORDS("fulfil", msg_fulfil_pack((struct msg_fulfil){.event = 3ull << 40 | 9}), 3ull << 40 | 9,
        0, 0);
  WORDS("lock_req",
        msg_lock_req_pack((struct msg_lock_req){.lock = 6, .epoch = 8, .slot = 2, .try_only = 1}),
        6, 8, 2 | 1ull << 63);
  WORDS("lock_rel", msg_lock_rel_pack((struct msg_lock_rel){.lock = 6, .epoch = 8}), 6, 8, 0);
  WORDS("lock_recall", msg_lock_recall_pack((struct msg_lock_recall){.lock = 6}), 6, 0, 0);
  WORDS("lock_busy", msg_lock_busy_pack((struct msg_lock_busy){.lock = 6}), 6, 0, 0);
  WORDS("steal",
        msg_steal_pack((struct msg_steal){.loop = 6, .slot = 8, .parts = 4, .count = 9}), 6,
        4ull << 32 | 8, 9);
  WORDS("free", msg_free_pack((struct msg_free){.block = (void *)(uintptr_t)0x7000}), 0x7000, 0,
        0);
  WORDS("size_req",
        msg_size_req_pack((struct msg_size_req){.block = (void *)(uintptr_t)0x7000, .slot = 2}),
        0x7000, 0, 2);
  WORDS("output", msg_output_pack((struct msg_output){.stream = 0x7000, .flush = 1, .slot = 2}),
        0x7000, 1, 2);
  if (sizeof(struct msg_hdr) != 40 || offsetof(struct msg_hdr, a) != 16) {
    failures++;
    printf("proto: FAILED the header is %zu bytes, its words at %zu\n", sizeof(struct msg_hdr),
           offsetof(struct msg_hdr, a));
  }
}

int main(void) {
  static const uint64_t values[] = {0, 1, 0x5a5a5a5a5a5a5a5aull, UINT32_MAX, UINT64_MAX - 1,
                                    UINT64_MAX};
  enum { NVALUES = sizeof values / sizeof values[0] };
  static int dummy;
  void *blocks[] = {NULL, &dummy, (void *)(uintptr_t)0x7f0000001000ull, (void *)UINTPTR_MAX};

  for (int i = 0; i < NVALUES; i++) {
    uint64_t v = values[i];
    reply(v, 0);
    reply(0, v);
    depart(v);
    fork_msg(v);
    lock_rel(v, 0);
    lock_rel(0, v);
    lock_recall(v);
    lock_busy(v);
    steal(v, 0, 0, 0);
    steal(0, (uint32_t)v, 0, 0);
    steal(0, 0, (uint32_t)v, 0);
    steal(0, 0, 0, v);
    lock_req(v, 0, 0, 0);
    lock_req(0, v, 0, 1);
    diff(v, 0, 1, 0);
    diff(0, v, 0, 0);
    page_req(0, 0, v, 0, 1);
  }
  /* Page and stores share a word: each at its largest with the other at
   * zero, both at their largest, and alternate bits. */
  page_req(MAX_PAGE, 0, 0, 0, 1);
  page_req(0, MAX_STORES, 0, 0, 1);
  page_req(MAX_PAGE, MAX_STORES, UINT64_MAX, (uint32_t)BIG_SLOT, 256);
  page_req(MAX_PAGE & 0x5555555555ull, MAX_STORES & 0xaaaaaa, 1, 1, 16);
  /* Slot and count share a word: each at its largest with the other small. */
  page_req(1, 1, 0, UINT32_MAX, 1);
  page_req(1, 1, 0, 0, UINT32_MAX);
  page_req(1, 1, 0, UINT32_MAX, UINT32_MAX);
  /* The slot word also carries LOCK_TRY_BIT, or is NO_ACK. */
  for (int try_only = 0; try_only <= 1; try_only++) {
    lock_req(0, 0, 0, try_only);
    lock_req(UINT64_MAX, UINT64_MAX, BIG_SLOT, try_only);
    lock_req(1ull << 63 | 1ull << 62, 3, UINT32_MAX, try_only);
  }
  for (int ack = 0; ack <= 1; ack++) {
    diff(0, 0, ack, 0);
    diff(UINT64_MAX, UINT64_MAX, ack, BIG_SLOT);
    diff(42, 7, ack, UINT32_MAX);
  }
  for (uint64_t slot = 0; slot < 3; slot++) {
    output(0, 0, slot);
    reply(UINT64_MAX, slot);
  }
  output(0, 0, BIG_SLOT);
  output(UINT64_MAX, 1, UINT64_MAX);
  output(0x7f0012345678, 1, 3);
  static const int statuses[] = {0, 1, 2, 127, 255, -1, -128, INT32_MAX, INT32_MIN};
  for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++) {
    exit_msg(statuses[i]);
    exit_ask_msg(statuses[i]);
  }
  for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
    fulfil_msg(values[i]);
    changes_req(values[i], i == 0 ? BIG_SLOT : i);
  }
  for (size_t i = 0; i < sizeof blocks / sizeof blocks[0]; i++) {
    free_msg(blocks[i]);
    size_req(blocks[i], 0);
    size_req(NULL, i == 0 ? BIG_SLOT : i);
  }
  chdir_msg();
  layout();

  int ntypes = 0;
  for (uint32_t type = 1; type < MSG_TYPE_COUNT; type++) {
    if (seen_types & 1u << type)
      ntypes++;
    else {
      failures++;
      printf("proto: FAILED message type %u has no round trip here\n", type);
    }
  }
  if (failures)
    printf("proto: FAILED %d of %d round trips\n", failures, trips);
  printf("proto: %d message types, %d round trips, layout unchanged\n", ntypes, trips);
  return failures != 0;
}
