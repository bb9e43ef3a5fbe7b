/* MPI, the communication thread, and message aggregation.
 *
 * Each node runs one communication thread. It alone receives runtime
 * messages (MPI_Improbe on the runtime communicator), so page requests,
 * diffs and lock requests are served while the application threads compute
 * without calling MPI. When idle it sleeps on a futex with a bounded
 * timeout instead of spinning: test and CI machines run several ranks on
 * two cores.
 *
 * Application threads reach the comm thread in two ways:
 *  - the fault path posts a preallocated request from its wait slot (no
 *    malloc, no MPI call inside the SIGSEGV handler);
 *  - ordinary runtime code (barriers, locks, releases) sends bundles itself
 *    with comm_send_bundle().
 * Replies come back through the thread's wait slot; control messages (fork,
 * departure, exit) through the control mailbox. */
#ifndef PARADE_COMM_H
#define PARADE_COMM_H

#include "options.h"
#include "proto.h"

#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* The team's threads, and threads of the program's own that touch shared
 * data (each takes a slot at its first fault). */
#define COMM_MAX_SLOTS (OPTIONS_MAX_THREADS + 64)
#define COMM_TAG 7

/* A request the fault path hands to the comm thread. */
struct comm_request {
  struct comm_request *next;
  uint32_t type;
  uint32_t dest;
  uint64_t a, b, c;
};

/* Where one thread waits for its replies. */
struct wait_slot {
  _Atomic uint32_t done;    /* futex word: 0 waiting, 1 answered */
  _Atomic int32_t acks_due; /* diff acknowledgements outstanding */
  uint64_t value;           /* a reply's scalar */
  void *reply;              /* a reply's payload (malloc'd; owner frees) */
  size_t reply_len;
  struct comm_request req;
};

/* A growable buffer of runtime messages bound for one destination. */
struct bundle {
  char *buf;
  size_t len, cap;
  uint32_t count;
};

/* A received control message (fork, departure, exit), in arrival order. */
struct control_msg {
  struct control_msg *next;
  struct msg_hdr hdr;
  char payload[];
};

struct comm {
  MPI_Comm runtime;   /* bundles to comm threads */
  MPI_Comm world;     /* collectives over all ranks */
  MPI_Comm prefix[64]; /* collectives over ranks [0, k), made on demand */
  unsigned char prefix_made[64];
  pthread_t thread;
  int thread_started;
  _Atomic int stop;
  _Atomic uint32_t wake_word;
  _Atomic uint32_t waiting; /* threads waiting for a remote answer */
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
};

/* Start and stop the communication thread. */
void comm_start(void);
void comm_stop(void);

/* The calling thread's wait slot (assigned on first use, never freed). */
struct wait_slot *comm_my_slot(void);
uint32_t comm_slot_index(const struct wait_slot *slot);
/* Mark @p slot answered and wake its thread. */
void comm_slot_signal(struct wait_slot *slot);
/* Wait until the calling thread's @p slot is answered; clears it. */
void comm_slot_wait(struct wait_slot *slot);

/* Fault path: hand @p slot's request to the comm thread and wait for the
 * answer. Async-signal-safe: no allocation, no MPI. */
void comm_request_and_wait(struct wait_slot *slot);

/* Bundles. */
void bundle_add(struct bundle *b, uint32_t type, uint64_t a, uint64_t bb, uint64_t c,
                const void *payload, size_t len);
/* Reserve a message with @p len payload bytes and return the payload. */
void *bundle_add_reserve(struct bundle *b, uint32_t type, uint64_t a, uint64_t bb,
                         uint64_t c, size_t len);
void bundle_free(struct bundle *b);

/* Send @p b to @p dest as one MPI message and empty it (not from the
 * comm thread, not from the fault path). */
void comm_send_bundle(int dest, struct bundle *b);
/* Send one runtime message. */
void comm_send(int dest, uint32_t type, uint64_t a, uint64_t b, uint64_t c,
               const void *payload, size_t len);

/* Comm thread only: queue a message for @p dest (sent at the end of the
 * current round, aggregated with the others for that node). */
void comm_post(int dest, uint32_t type, uint64_t a, uint64_t b, uint64_t c,
               const void *payload, size_t len);
void *comm_post_reserve(int dest, uint32_t type, uint64_t a, uint64_t b, uint64_t c,
                        size_t len);

/* Wait for the next control message; the caller frees it. @p urgent says
 * the caller is in a barrier (the comm thread then polls more often); a rank
 * idle between regions is not, so its comm thread can sleep longer. */
struct control_msg *comm_wait_control(int urgent);

/* Complete @p req without spinning a core. */
void comm_wait_mpi(MPI_Request *req);

/* The communicator of the first @p k ranks (collective over all ranks the
 * first time for each k: call it only where every rank does). */
MPI_Comm comm_prefix(int k);

/* Whole-job helpers for start-up and shutdown. */
void comm_barrier_world(void);
void comm_gather_world(const void *mine, size_t len, void *all);

#endif
