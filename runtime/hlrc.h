/* Home-based lazy release consistency with migratory homes.
 *
 * Fault:    INVALID -> fetch from the home -> READ_ONLY; a write then makes a
 *           twin (not at the home, which writes in place) -> DIRTY.
 * Home:     a page its home wrote stays DIRTY (writable) across barriers,
 *           since the barrier dropped every other copy; serving a copy
 *           write-protects it again, so the home's next write is noticed.
 *           A home that writes pages nobody reads takes no write fault.
 *           This needs every thread that touches shared data to be parked
 *           while a departure is applied, except threads of the program's
 *           own: their fetches may race with it, so the departure changes
 *           a home page's state by claim (hlrc.c, home_departure).
 * Barrier:  the nodes exchange their write notices in one allgather (a
 *           second one only if some node has many), and each node decides
 *           the same new homes from them: the sole writer of a page if
 *           there is one; else the current home if it wrote (a lock release
 *           that sent it a diff counts as writing); else the
 *           lowest-numbered writer. The departure carries, per page, the new
 *           home, the number of writers and the number of diffs the new
 *           home will receive. Writers that are not the new home then send
 *           their diffs to it; a new home that still expects diffs keeps the
 *           page INVALID and answers no fetch for it until they arrived, so
 *           a copy fetched after a barrier always has every diff of the
 *           epoch. Requests carry the requester's epoch; a home that has
 *           not yet applied that departure defers them.
 * Lock:     release sends diffs of dirty pages to their current homes and
 *           waits for the acknowledgements; the grant carries the write
 *           notices of the lock's previous holders, which the acquirer
 *           invalidates.
 * Flush:    a release, then an acquire without a lock: the node asks every
 *           home it may hold copies from for the pages changed since it
 *           last asked (one message each, answered at once from the home's
 *           change log, change_log.h) and drops those copies only. A home
 *           that cannot list them all (too many, or too old) says so, and
 *           the node drops every copy of that home's pages.
 */
#ifndef PARADE_HLRC_H
#define PARADE_HLRC_H

#include "proto.h"

#include <mpi.h>

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* A write notice at a barrier: which node wrote which page, and how. */
struct notice_rec {
  uint32_t page;
  uint16_t node;
  uint16_t flags; /* NOTICE_* */
};

struct deferred_req;

struct hlrc {
  _Atomic uint64_t epoch;
  /* Collective stores made by this node in this epoch (see
   * hlrc_collective_store); a home serves a fetch only once it has made at
   * least as many as the requester. */
  _Atomic uint64_t stores;
  /* Nodes in the current team (hlrc_team_nodes): they make the same
   * collective stores; a home outside the team makes none. */
  uint32_t team_nodes;
  /* Pages homed elsewhere that this node has written since their last diff
   * (DIRTY), or whose diffs a release has on the wire. A release with none
   * has nothing to send or to wait for: it returns without walking the
   * epoch's pages, which a node that wrote its own pages (a serial
   * initialisation before many rand() calls) would walk at every release. */
  _Atomic uint64_t remote_dirty;
  /* A departure is being applied here (hlrc_apply_departure): a page's
   * home may have moved though the epoch has not changed yet. */
  _Atomic int departing;
  /* Comm thread: page requests waiting for a departure or for diffs. */
  struct deferred_req *deferred;
  _Atomic int deferred_ready;
  /* How many wait there: a collective store wakes the comm thread only if
   * one may wait for it (a wake per single or critical cost 15 us). */
  _Atomic uint32_t deferred_count;
  /* The home decision's per-page tally (barriers, and rank 0 at a fork). */
  struct decide_scratch *scratch;
  uint32_t decide_seq;
  /* Per node, the last of its changes this node has heard of (a flush's
   * MSG_CHANGES_REQ, or a barrier's; change_log.h). */
  _Atomic uint64_t *heard;
  /* Per node, whether this node may hold a copy of one of its pages: the
   * homes a flush asks. Set when a copy is made, never cleared. */
  _Atomic unsigned char *held;
};

/* Set up coherence and register its message handlers (before comm_start). */
void hlrc_init(void);
/* Start coherence: every page READ_ONLY, home rank 0 (P > 1 only). */
void hlrc_start(void);

/* The current epoch (barriers passed). */
uint64_t hlrc_epoch(void);
/* The team of the region about to run spans nodes [0, @p nodes). */
void hlrc_team_nodes(uint32_t nodes);

/* The fault path. @p write is non-zero for a write access. */
void hlrc_fault(size_t page, int write);

/* Release: send every dirty page's diff to its home and wait for the
 * acknowledgements (lock release, flush). */
void hlrc_release(void);

/* A write notice a lock hands on: @p word is page << 16 | node; @p seq, a
 * number of the page's home's change log by which the home had applied
 * every write the notice stands for (page.h, "seq" and "notice_seq"), or
 * NOTICE_SEQ_UNKNOWN: a node whose copy is as new keeps it. Within an
 * epoch, a lock's notices are cumulative (every holder's since the last
 * barrier); the numbers spare a node that takes the lock again and again
 * the fetches of pages it has fetched since, and its manager sends a node
 * only the notices whose numbers rose since its last grant (locks.c). */
struct lock_notice {
  uint64_t word;
  uint64_t seq;
};
#define NOTICE_SEQ_UNKNOWN UINT64_MAX

/* Write notices to hand on with a lock release (malloc'd; caller frees):
 * for every page this node wrote or learned of. A home's writes to a page
 * it keeps writable are not among them, which is right only because no
 * other node has a copy of such a page: serving one write-protects it
 * first (see "Home" above). */
size_t hlrc_lock_notices(struct lock_notice **out);
/* Write notices of the pages this node itself wrote in this epoch, as
 * words page << 16 | node, without numbers (malloc'd; caller frees): what
 * a collective among all nodes hands on, since every writer speaks for
 * itself there. */
size_t hlrc_written_notices(uint64_t **out);
/* Acquire: invalidate what the notices (page << 16 | node) say other
 * nodes wrote. */
void hlrc_acquire(const uint64_t *notices, size_t count);
/* The same for a lock's notices: a copy as new as a home's notice says is
 * kept. */
void hlrc_lock_acquire(const struct lock_notice *notices, size_t count);

/* An acquire without notices (a flush): ask each home this node holds
 * copies from which of its pages changed since this node last asked
 * (change_log.h), and drop the copies of those, so the next access sees
 * their homes' current contents. */
void hlrc_flush_acquire(void);

/* Store @p len bytes at @p src into this node's copy of shared @p dst,
 * without coherence traffic. Every node of the team makes the same stores
 * in the same order (it is part of a collective), so all copies agree and
 * no write notice or diff is needed. Called by one thread per node. */
void hlrc_collective_store(void *dst, const void *src, size_t len);
/* After a collective's stores: count them, and let deferred fetches that
 * waited for them be served. */
void hlrc_collective_stores_done(void);

/* Barrier between the team's nodes (called by one thread per node, all
 * others of its team parked): exchange write notices over @p comm, the
 * communicator of the @p participants nodes, decide the departure and
 * apply it. The same allgather carries @p len bytes of every node (this
 * node's at @p data, the same length on every node), which land at
 * @p data_all in node order. */
void hlrc_barrier(MPI_Comm comm, uint32_t participants, const void *data, size_t len,
                  void *data_all);

/* The home decision: given write notices, each page's new home.
 * Returns the number of entries written to *out (malloc'd, sorted by page). */
size_t hlrc_decide(const struct notice_rec *recs, size_t nrecs, struct depart_entry **out);
/* This node's own notices as records (malloc'd). */
size_t hlrc_own_notices(struct notice_rec **out);
/* Apply a departure on this node (all of its team parked). */
void hlrc_apply_departure(const struct depart_entry *entries, size_t count);

#endif
