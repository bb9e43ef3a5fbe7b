/* The shared heap and the static part of the pool.
 *
 * Pool layout: [0, static_size) static data, bump-allocated identically on
 * every rank; then the heap, cut into one arena per rank (rank 0, which
 * runs the serial code, gets half). A rank allocates only from its own
 * arena, so no two ranks hand out the same address; any rank may free any
 * block (a free of another rank's block is sent to its owner).
 *
 * All allocator metadata is node-private (never in the pool), so the
 * allocator never faults on itself: small blocks come from one-page slabs
 * of a size class, large ones are page runs. */
#ifndef PARADE_ALLOC_H
#define PARADE_ALLOC_H

#include <stddef.h>

struct msg_hdr;

/* Set up this rank's arena once rank and size are known. */
void alloc_heap_init(void);

void *alloc_static(size_t size, size_t align, const void *init);

/* Comm thread handlers. */
/* Register the handlers of frees and size requests from other ranks
 * (before comm_start). */
void alloc_register_handlers(void);

#endif
