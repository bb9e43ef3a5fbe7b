/* The runtime's wire protocol. Every MPI message between comm threads is a
 * bundle: one or more runtime messages, each a msg_hdr followed by
 * hdr.len payload bytes padded to 8. Bundling several runtime messages for
 * one destination into one MPI message is the PELCR-style aggregation.
 *
 * A header carries three untyped words, a, b and c. What they mean is
 * written once, here: each message type has a struct with named fields,
 * msg_<type>_pack() to fill a header's type and words from it, and
 * msg_<type>_unpack() to read it back from a received header. Senders and
 * handlers use only those; comm moves the words without reading them
 * (except for MSG_REPLY, its own). */
#ifndef PARADE_PROTO_H
#define PARADE_PROTO_H

#include <stdint.h>

enum msg_type {
  MSG_REPLY = 1,   /* -> the asker's wait slot                          */
  MSG_PAGE_REQ,    /* -> home; reply: value=home's last change, pages   */
  MSG_DIFF,        /* payload=diff -> home; reply (if asked for): none   */
  MSG_DEPART,      /* payload=departure entries -> nodes outside a team  */
  MSG_FORK,        /* payload=struct fork_info, args, departure -> all nodes */
  MSG_EXIT,        /* -> all nodes                                      */
  MSG_LOCK_REQ,    /* [payload=turn, turns] -> manager;
                      reply: value=granted, payload=lock notices        */
  MSG_LOCK_REL,    /* payload=lock notices -> manager                   */
  MSG_FREE,        /* -> arena owner                                    */
  MSG_SIZE_REQ,    /* -> arena owner; reply: value=usable size          */
  MSG_OUTPUT,      /* payload=text of stdout or of a stream rank 0 opened
                      -> rank 0; reply: none                            */
  MSG_LOCK_RECALL, /* manager -> the node the lock is at: send it back */
  MSG_LOCK_BUSY,   /* that node -> manager: in use, fail the tries      */
  MSG_STEAL,       /* [payload=chunk] -> another node of the team; reply:
                      value=1 and payload=[lo, hi) stolen, or value=0 /
                      STEAL_NOT_YET */
  MSG_EXIT_ASK,    /* -> rank 0: the program called exit(a) elsewhere  */
  MSG_FULFIL,      /* -> the rank of event a: omp_fulfill_event(a)      */
  MSG_CHANGES_REQ, /* -> a home; reply: payload=struct changes_reply and
                      the pages changed since a (change_log.h)          */
  MSG_CHDIR,       /* payload=directory -> all nodes (rank 0's serial chdir) */
  MSG_TYPE_COUNT
};

struct msg_hdr {
  uint32_t type;
  uint32_t src;
  uint64_t len; /* payload bytes, excluding padding */
  uint64_t a, b, c;
};

/* What a sender puts in a header: comm adds the source and the length. */
struct msg_words {
  uint32_t type;
  uint64_t a, b, c;
};

static inline uint64_t msg_padded(uint64_t len) { return (len + 7) & ~(uint64_t)7; }

/* A page request's first word carries the page and, above it, how many
 * collective stores the requester has made in this epoch: pages stay below
 * 2^REQ_PAGE_BITS, stores below 2^(64 - REQ_PAGE_BITS). */
#define REQ_PAGE_BITS 40
#define REQ_PAGE_MASK ((1ull << REQ_PAGE_BITS) - 1)
/* Wait slots are small indices: the top bit of a lock request's slot word
 * is free to say "try only". */
#define LOCK_TRY_BIT (1ull << 63)
/* The slot word of a diff that wants no ack (a departure's). */
#define NO_ACK UINT64_MAX

/* ---- MSG_REPLY: a=value c=slot ------------------------------------------ */

struct msg_reply {
  uint64_t value;
  uint64_t slot; /* the asker's wait slot */
};

static inline struct msg_words msg_reply_pack(struct msg_reply m) {
  return (struct msg_words){MSG_REPLY, m.value, 0, m.slot};
}
static inline struct msg_reply msg_reply_unpack(const struct msg_hdr *hdr) {
  return (struct msg_reply){.value = hdr->a, .slot = hdr->c};
}

/* ---- MSG_PAGE_REQ: a=page|stores<<REQ_PAGE_BITS b=epoch c=slot|count<<32 -- */

struct msg_page_req {
  uint64_t page;
  /* Collective stores the requester made in @p epoch: the home serves the
   * page once it has made as many. */
  uint32_t stores;
  uint64_t epoch; /* the requester's: the home serves once it is there */
  uint32_t slot;
  /* Pages asked for, from @p page on (1 + the prefetched ones): the home
   * answers with the first page and as many of the rest as it can serve at
   * once, in one reply whose length says how many. */
  uint32_t count;
};

static inline struct msg_words msg_page_req_pack(struct msg_page_req m) {
  return (struct msg_words){MSG_PAGE_REQ, m.page | (uint64_t)m.stores << REQ_PAGE_BITS, m.epoch,
                            m.slot | (uint64_t)m.count << 32};
}
static inline struct msg_page_req msg_page_req_unpack(const struct msg_hdr *hdr) {
  return (struct msg_page_req){.page = hdr->a & REQ_PAGE_MASK,
                               .stores = (uint32_t)(hdr->a >> REQ_PAGE_BITS),
                               .epoch = hdr->b,
                               .slot = (uint32_t)hdr->c,
                               .count = (uint32_t)(hdr->c >> 32)};
}

/* ---- MSG_DIFF: a=page b=epoch c=slot or NO_ACK -------------------------- */

struct msg_diff {
  uint64_t page;
  uint64_t epoch;
  /* A release waits for its diffs' acks; a departure's diffs are counted
   * by the new home instead. */
  int ack;
  uint64_t slot; /* where the ack goes, if @p ack */
};

static inline struct msg_words msg_diff_pack(struct msg_diff m) {
  return (struct msg_words){MSG_DIFF, m.page, m.epoch, m.ack ? m.slot : NO_ACK};
}
static inline struct msg_diff msg_diff_unpack(const struct msg_hdr *hdr) {
  int ack = hdr->c != NO_ACK;
  return (struct msg_diff){.page = hdr->a, .epoch = hdr->b, .ack = ack, .slot = ack ? hdr->c : 0};
}

/* ---- MSG_DEPART: b=epoch ------------------------------------------------ */

struct msg_depart {
  uint64_t epoch; /* the epoch the barrier ends */
};

static inline struct msg_words msg_depart_pack(struct msg_depart m) {
  return (struct msg_words){MSG_DEPART, 0, m.epoch, 0};
}
static inline struct msg_depart msg_depart_unpack(const struct msg_hdr *hdr) {
  return (struct msg_depart){.epoch = hdr->b};
}

/* ---- MSG_FORK: b=epoch -------------------------------------------------- */

struct msg_fork {
  uint64_t epoch; /* rank 0's, before the fork's departure */
};

static inline struct msg_words msg_fork_pack(struct msg_fork m) {
  return (struct msg_words){MSG_FORK, 0, m.epoch, 0};
}
static inline struct msg_fork msg_fork_unpack(const struct msg_hdr *hdr) {
  return (struct msg_fork){.epoch = hdr->b};
}

/* ---- MSG_CHDIR: payload=the directory, with its NUL ------------------- */

static inline struct msg_words msg_chdir_pack(void) {
  return (struct msg_words){MSG_CHDIR, 0, 0, 0};
}

/* ---- MSG_EXIT: a=status ------------------------------------------------- */

struct msg_exit {
  int status; /* the job's exit status */
};

static inline struct msg_words msg_exit_pack(struct msg_exit m) {
  return (struct msg_words){MSG_EXIT, (uint32_t)m.status, 0, 0};
}
/* MSG_EXIT_ASK has the same words. */
static inline struct msg_words msg_exit_ask_pack(struct msg_exit m) {
  return (struct msg_words){MSG_EXIT_ASK, (uint32_t)m.status, 0, 0};
}
static inline struct msg_exit msg_exit_unpack(const struct msg_hdr *hdr) {
  return (struct msg_exit){.status = (int)(uint32_t)hdr->a};
}

/* ---- MSG_FULFIL: a=event ------------------------------------------------ */

struct msg_fulfil {
  uint64_t event; /* an omp_event_handle_t of the receiving rank */
};

static inline struct msg_words msg_fulfil_pack(struct msg_fulfil m) {
  return (struct msg_words){MSG_FULFIL, m.event, 0, 0};
}
static inline struct msg_fulfil msg_fulfil_unpack(const struct msg_hdr *hdr) {
  return (struct msg_fulfil){.event = hdr->a};
}

/* ---- MSG_LOCK_REQ: a=lock b=epoch c=slot|LOCK_TRY_BIT ------------------- */

struct msg_lock_req {
  uint64_t lock;
  uint64_t epoch; /* the requester's: older notices at the manager are moot */
  uint64_t slot;
  int try_only; /* answer "not granted" rather than queue the request */
};

static inline struct msg_words msg_lock_req_pack(struct msg_lock_req m) {
  return (struct msg_words){MSG_LOCK_REQ, m.lock, m.epoch,
                            m.slot | (m.try_only ? LOCK_TRY_BIT : 0)};
}
static inline struct msg_lock_req msg_lock_req_unpack(const struct msg_hdr *hdr) {
  return (struct msg_lock_req){.lock = hdr->a,
                               .epoch = hdr->b,
                               .slot = hdr->c & ~LOCK_TRY_BIT,
                               .try_only = (hdr->c & LOCK_TRY_BIT) != 0};
}

/* ---- MSG_LOCK_REL: a=lock b=epoch --------------------------------------- */

struct msg_lock_rel {
  uint64_t lock;
  uint64_t epoch;
};

static inline struct msg_words msg_lock_rel_pack(struct msg_lock_rel m) {
  return (struct msg_words){MSG_LOCK_REL, m.lock, m.epoch, 0};
}
static inline struct msg_lock_rel msg_lock_rel_unpack(const struct msg_hdr *hdr) {
  return (struct msg_lock_rel){.lock = hdr->a, .epoch = hdr->b};
}

/* ---- MSG_LOCK_RECALL: a=lock ------------------------------------------- */

struct msg_lock_recall {
  uint64_t lock;
};

static inline struct msg_words msg_lock_recall_pack(struct msg_lock_recall m) {
  return (struct msg_words){MSG_LOCK_RECALL, m.lock, 0, 0};
}
static inline struct msg_lock_recall msg_lock_recall_unpack(const struct msg_hdr *hdr) {
  return (struct msg_lock_recall){.lock = hdr->a};
}

/* ---- MSG_LOCK_BUSY: a=lock --------------------------------------------- */

struct msg_lock_busy {
  uint64_t lock;
};

static inline struct msg_words msg_lock_busy_pack(struct msg_lock_busy m) {
  return (struct msg_words){MSG_LOCK_BUSY, m.lock, 0, 0};
}
static inline struct msg_lock_busy msg_lock_busy_unpack(const struct msg_hdr *hdr) {
  return (struct msg_lock_busy){.lock = hdr->a};
}

/* ---- MSG_STEAL: a=loop b=parts<<32|slot c=count ------------------------- */

/* The answer of a node that has not entered the loop yet. */
#define STEAL_NOT_YET 2

struct msg_steal {
  uint64_t loop;  /* the loop's id (schedule.c), the same on every node */
  uint32_t slot;  /* the asker's wait slot */
  uint32_t parts; /* take this share of what is left (the team's nodes) */
  uint64_t count; /* the loop's iterations: a loop of another count is not it */
};

static inline struct msg_words msg_steal_pack(struct msg_steal m) {
  return (struct msg_words){MSG_STEAL, m.loop, (uint64_t)m.parts << 32 | m.slot, m.count};
}
static inline struct msg_steal msg_steal_unpack(const struct msg_hdr *hdr) {
  return (struct msg_steal){
      .loop = hdr->a, .slot = (uint32_t)hdr->b, .parts = (uint32_t)(hdr->b >> 32), .count = hdr->c};
}

/* ---- MSG_FREE: a=address ------------------------------------------------ */

/* Shared-heap addresses are the same on every node. */
struct msg_free {
  void *block;
};

static inline struct msg_words msg_free_pack(struct msg_free m) {
  return (struct msg_words){MSG_FREE, (uint64_t)(uintptr_t)m.block, 0, 0};
}
static inline struct msg_free msg_free_unpack(const struct msg_hdr *hdr) {
  return (struct msg_free){.block = (void *)(uintptr_t)hdr->a};
}

/* ---- MSG_SIZE_REQ: a=address c=slot ------------------------------------- */

struct msg_size_req {
  void *block;
  uint64_t slot;
};

static inline struct msg_words msg_size_req_pack(struct msg_size_req m) {
  return (struct msg_words){MSG_SIZE_REQ, (uint64_t)(uintptr_t)m.block, 0, m.slot};
}
static inline struct msg_size_req msg_size_req_unpack(const struct msg_hdr *hdr) {
  return (struct msg_size_req){.block = (void *)(uintptr_t)hdr->a, .slot = hdr->c};
}

/* ---- MSG_CHANGES_REQ: a=since c=slot ------------------------------------ */

struct msg_changes_req {
  uint64_t since; /* the asker has heard of the home's changes up to this one */
  uint64_t slot;
};

static inline struct msg_words msg_changes_req_pack(struct msg_changes_req m) {
  return (struct msg_words){MSG_CHANGES_REQ, m.since, 0, m.slot};
}
static inline struct msg_changes_req msg_changes_req_unpack(const struct msg_hdr *hdr) {
  return (struct msg_changes_req){.since = hdr->a, .slot = hdr->c};
}

/* ---- MSG_OUTPUT: a=stream b=flush c=slot ------------------------------- */

struct msg_output {
  uint64_t stream; /* 0: standard output; else a FILE * of rank 0's (streams.c) */
  uint64_t flush;  /* rank 0 flushes the stream after the text */
  uint64_t slot;   /* answered once rank 0 has written the text */
};

static inline struct msg_words msg_output_pack(struct msg_output m) {
  return (struct msg_words){MSG_OUTPUT, m.stream, m.flush, m.slot};
}
static inline struct msg_output msg_output_unpack(const struct msg_hdr *hdr) {
  return (struct msg_output){.stream = hdr->a, .flush = hdr->b, .slot = hdr->c};
}

/* ---- Payloads ----------------------------------------------------------- */

/* A write notice in a barrier's allgather: page << 8 | notice flags. */
enum {
  NOTICE_DIRTY = 1,   /* the page has changes not yet sent anywhere */
  NOTICE_FLUSHED = 2, /* a lock release already sent changes to the home */
};

/* One page of a departure: what every node does with it. */
struct depart_entry {
  uint32_t page;
  uint32_t new_home;
  uint32_t nwriters; /* nodes that wrote the page this epoch */
  uint32_t ndiffs;   /* diffs the new home will receive for it */
};

/* The fixed part of a fork message. */
struct fork_info {
  uint32_t fn_module;
  uint32_t nthreads; /* team size over all nodes */
  uint64_t fn_offset;
  uint32_t per_node; /* threads per node in this team */
  uint32_t participants;
  uint32_t args_size;
  uint32_t ndepart;
  /* Rank 0's schedule for schedule(runtime) (omp_set_schedule is local). */
  uint32_t sched_kind; /* as set: omp_sched_t kind, SCHED_MONOTONIC */
  int64_t sched_chunk;
  /* Which region of the job this is (rank 0 counts them): work-sharing
   * constructs are named by (region, place in the region). */
  uint64_t region;
  /* Rank 0's ICVs that omp_set_* routines change in serial code: the
   * team's threads on every rank start from them. */
  uint32_t icv_dynamic;
  int32_t icv_default_device;
  uint64_t icv_default_allocator;
  /* A teams region: each thread is the initial thread of a team of one. */
  uint32_t league;
  /* The inactive regions (if(0), one thread) rank 0's initial thread was
   * in when it forked: the team's level is one more. */
  uint32_t outer_levels;
};

#endif
