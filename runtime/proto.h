/* The runtime's wire protocol. Every MPI message between comm threads is a
 * bundle: one or more runtime messages, each a msg_hdr followed by
 * hdr.len payload bytes padded to 8. Bundling several runtime messages for
 * one destination into one MPI message is the PELCR-style aggregation. */
#ifndef PARADE_PROTO_H
#define PARADE_PROTO_H

#include <stdint.h>

enum msg_type {
  MSG_REPLY = 1,    /* a=value c=wait slot [payload]           -> the asker   */
  MSG_PAGE_REQ,     /* a=page|stores<<40 b=epoch c=slot  -> home; reply: page */
  MSG_DIFF,         /* a=page b=epoch c=slot or NO_ACK; payload=diff -> home;
                       reply (unless NO_ACK): none                            */
  MSG_ARRIVE,       /* a=participants b=epoch payload=notices   -> master      */
  MSG_DEPART,       /* b=epoch payload=departure entries         -> all nodes  */
  MSG_FORK,         /* payload=struct fork_info, args, departure -> all nodes  */
  MSG_EXIT,         /* a=status                                  -> all nodes  */
  MSG_LOCK_REQ,     /* a=lock b=epoch c=slot|LOCK_TRY_BIT [payload=turn] -> manager;
                       reply: value=granted, payload=lock notices             */
  MSG_LOCK_REL,     /* a=lock b=epoch payload=lock notices       -> manager    */
  MSG_FREE,         /* a=address                                 -> arena owner */
  MSG_SIZE_REQ,     /* a=address c=slot -> arena owner; reply: value=usable size */
  MSG_OUTPUT,       /* c=slot payload=standard output -> rank 0; reply: none  */
  MSG_TYPE_COUNT
};

#define NO_ACK UINT64_MAX
/* A page request's `a` carries the page and, above bit 40, how many
 * collective stores the requester has made in this epoch. */
#define REQ_PAGE_BITS 40
#define REQ_PAGE_MASK ((1ull << REQ_PAGE_BITS) - 1)
#define LOCK_TRY_BIT (1ull << 63)

struct msg_hdr {
  uint32_t type;
  uint32_t src;
  uint64_t len; /* payload bytes, excluding padding */
  uint64_t a, b, c;
};

static inline uint64_t msg_padded(uint64_t len) { return (len + 7) & ~(uint64_t)7; }

/* A write notice sent to the barrier master: page << 8 | notice flags. */
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
  uint32_t sched_kind;
  int64_t sched_chunk;
  /* Which region of the job this is (rank 0 counts them): work-sharing
   * constructs are named by (region, place in the region). */
  uint64_t region;
};

#endif
