/* MPI, the communication thread, and message aggregation: the transport.
 *
 * Each node runs one communication thread. It alone receives runtime
 * messages (MPI_Improbe on the runtime communicator), so page requests,
 * diffs and lock requests are served while the application threads compute
 * without calling MPI. When idle it sleeps on a futex with a bounded
 * timeout instead of spinning: test and CI machines run several ranks on
 * two cores.
 *
 * comm knows nothing of pages or locks. The layers above register, at
 * start-up, a handler per message type and the work to do in every round
 * (as an Open MPI PML registers its callbacks with a BTL); comm delivers
 * messages to them by type. Answers to a thread's question are all one
 * kind of message, MSG_REPLY, addressed to the asker's wait slot.
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
  uint32_t dest;
  struct msg_words words; /* msg_<type>_pack (proto.h) */
  uint64_t taken_ns;      /* when the communication thread took it (stats_now_ns) */
};

/* Where one thread waits for its replies (MSG_REPLY). The thread says how
 * many replies it expects and where their payload goes (comm_expect), asks,
 * and waits (comm_slot_wait) until the last reply has come. */
struct wait_slot {
  _Atomic uint32_t done;       /* futex word: 0 waiting, 1 answered */
  _Atomic int32_t replies_due; /* replies still to come */
  uint64_t value;              /* the last reply's value */
  /* Where a reply's payload lands: the buffer the waiter registered, or,
   * if it registered none, a malloc'd copy the waiter frees. */
  void *reply_buf;
  size_t reply_cap;
  void *reply;
  size_t reply_len;
  int gather;           /* comm_expect_gather: each reply's payload follows the last */
  uint64_t answered_ns; /* when the last reply came (stats_now_ns) */
  struct comm_request req;
};

/* A growable buffer of runtime messages bound for one destination. */
struct bundle {
  char *buf;
  size_t len, cap;
  uint32_t count;
};

/* Alignment of a control message's payload: a fork's region arguments are
 * read in place from it (team.c), and their struct may hold over-aligned
 * members. */
#define COMM_CONTROL_ALIGN 64

/* A received control message (fork, departure, exit), in arrival order. Its
 * payload is COMM_CONTROL_ALIGN-aligned, in the same allocation; give it
 * back with comm_control_done. */
struct control_msg {
  struct control_msg *next;
  struct msg_hdr hdr;
  char *payload;
  size_t alloc; /* bytes of the allocation: a large one is kept for reuse */
};

/* Duplicate MPI_COMM_WORLD for the runtime (after MPI_Init). The comm
 * thread sleeps at most @p sleep_us when idle. */
void comm_init(int sleep_us);
int comm_rank(void);
int comm_size(void);

/* What an upper layer does with one runtime message, on the comm thread
 * (or, for a request the fault path addresses to its own node, on the
 * comm thread too). */
typedef void (*comm_handler)(int src, const struct msg_hdr *hdr, const void *payload);
/* Register the handler of message type @p type (before comm_start). */
void comm_register(uint32_t type, comm_handler handler);
/* A handler for control messages: queue them for comm_wait_control. */
void comm_deliver_control(int src, const struct msg_hdr *hdr, const void *payload);
/* Register work the comm thread does in every round (before comm_start);
 * @p poll returns non-zero if it did something. */
void comm_register_poll(int (*poll)(void));
/* Wake the comm thread for a round (work for a registered poll). */
void comm_wake(void);

/* Start and stop the communication thread. @p thread_begin and
 * @p thread_end run first and last on it. */
void comm_start(void (*thread_begin)(void), void (*thread_end)(void));
void comm_stop(void);
/* Whether the caller is the communication thread. */
int comm_is_comm_thread(void);

/* The calling thread's wait slot (assigned on first use, never freed). */
struct wait_slot *comm_my_slot(void);
uint32_t comm_slot_index(const struct wait_slot *slot);
/* Before asking: expect @p replies replies at @p slot, whose payload lands
 * in @p buf (at most @p cap bytes; NULL for a malloc'd copy). */
void comm_expect(struct wait_slot *slot, int32_t replies, void *buf, size_t cap);
/* The same for replies from several nodes whose payloads all count: each
 * lands after the one before in @p buf (payloads say who sent them). */
void comm_expect_gather(struct wait_slot *slot, int32_t replies, void *buf, size_t cap);
/* Wait until the calling thread's @p slot is answered; clears it. */
void comm_slot_wait(struct wait_slot *slot);

/* Fault path: hand @p slot's request to the comm thread and wait for the
 * answer. Async-signal-safe: no allocation, no MPI. */
void comm_request_and_wait(struct wait_slot *slot);

/* Comm thread only: answer wait slot @p slot of rank @p dest with @p value
 * and @p len payload bytes (a reply to this rank completes at once). */
void comm_reply(int dest, uint64_t slot, uint64_t value, const void *payload, size_t len);
/* The same, returning the payload to fill (@p dest is another rank). */
void *comm_reply_reserve(int dest, uint64_t slot, uint64_t value, size_t len);

/* Bundles. A message's type and header words @p w come from its
 * msg_<type>_pack (proto.h). */
void bundle_add(struct bundle *b, struct msg_words w, const void *payload, size_t len);
/* Reserve a message with @p len payload bytes and return the payload. */
void *bundle_add_reserve(struct bundle *b, struct msg_words w, size_t len);
void bundle_free(struct bundle *b);

/* Send @p b to @p dest as one MPI message and empty it (not from the
 * comm thread, not from the fault path). */
void comm_send_bundle(int dest, struct bundle *b);
/* Sends of one bundle to several ranks, in flight (comm_sends_start) until
 * comm_sends_wait. */
struct comm_sends {
  MPI_Request *reqs;
  int count;
  char *buf;
  size_t len; /* bytes of each message */
};
/* Start sending @p b to each rank in [@p first, @p last): one copy of the
 * messages for all of them (a fork's arguments may be large). The bundle's
 * buffer belongs to @p s from now on; @p b is left empty. Messages sent
 * later to the same ranks (by any thread) come after these. */
void comm_sends_start(struct comm_sends *s, int first, int last, struct bundle *b);
/* Complete the sends of @p s (none started: nothing to do). */
void comm_sends_wait(struct comm_sends *s);
/* Send one runtime message. */
void comm_send(int dest, struct msg_words w, const void *payload, size_t len);

/* Comm thread only: queue a message for @p dest (sent at the end of the
 * current round, aggregated with the others for that node). */
void comm_post(int dest, struct msg_words w, const void *payload, size_t len);
void *comm_post_reserve(int dest, struct msg_words w, size_t len);

/* Wait for the next control message; the caller frees it. @p urgent says
 * the caller is in a barrier (the comm thread then polls most often); a
 * rank idle between regions is not, and its comm thread sleeps longer, but
 * not the longest: the fork is what the rank waits for. */
struct control_msg *comm_wait_control(int urgent);

/* Done with a control message from comm_wait_control. */
void comm_control_done(struct control_msg *msg);

/* Complete @p req without spinning a core: a few yields between tests,
 * then sleeps that grow to 50 us. */
void comm_wait_mpi(MPI_Request *req);

/* A transfer of @p bytes to or from this rank starts or ends. While one of
 * COMM_BULK_BYTES or more is in flight, waits for MPI requests yield
 * between their tests for up to 2 ms before they sleep, and the idle
 * communication thread yields instead of sleeping. MPI moves such a
 * message on only while a thread of the rank polls it (over TCP, a socket
 * buffer's worth at a time; any request's test moves every transfer), so
 * waits that sleep between tests stretch the transfer. Other waits keep
 * their sleeps: a yielding waiter takes CPU time from the threads that
 * compute on an oversubscribed host. */
#define COMM_BULK_BYTES ((size_t)64 * 1024)
void comm_bulk_begin(size_t bytes);
void comm_bulk_end(size_t bytes);
/* comm_wait_mpi for a request that itself moves @p bytes. */
void comm_wait_mpi_bulk(MPI_Request *req, size_t bytes);

/* The communicator of the first @p k ranks (collective over all ranks the
 * first time for each k: call it only where every rank does). */
MPI_Comm comm_prefix(int k);

/* Whole-job helpers for start-up and shutdown. */
void comm_barrier_world(void);
void comm_gather_world(const void *mine, size_t len, void *all);

#endif
