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

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#define ALLOC_NCLASSES 24 /* small-block size classes (alloc.c) */

struct slab;
struct free_run;

/* This rank's arena. Its per-page metadata is node-private: 0 (not the
 * start of a block), a slab pointer, or (run length << 1) | 1 at a run's
 * first page. */
struct arena {
  pthread_mutex_t lock;
  size_t first_page, end_page; /* [first, end) of the pool's pages */
  size_t top;                  /* pages below top have been handed out */
  struct free_run *runs;       /* sorted by page */
  struct slab *partial[ALLOC_NCLASSES];
  uintptr_t *meta;
};

struct alloc_state {
  struct arena arena;
  size_t static_used; /* bytes of the pool's static part handed out */
  pthread_mutex_t static_lock;
  int pool_ready; /* the pool is mapped (alloc_pool_ensure) */
  int heap_ranks; /* the ranks that share the heap out (the world's, in a forked child too) */
  /* getenv's values copied to the shared heap (parade_getenv). */
  char **env_copies;
  size_t env_count, env_cap;
  pthread_mutex_t env_lock;
  pthread_mutex_t pool_lock;
};

/* Read the options and map the pool if that has not happened yet (safe
 * before MPI_Init, for static data registered from constructors). */
void alloc_pool_ensure(void);

/* Set up this rank's arena once rank and size are known. */
void alloc_heap_init(void);

void *alloc_static(size_t size, size_t align, const void *init);

/* Register the handlers of frees and size requests from other ranks
 * (before comm_start). */
void alloc_register_handlers(void);

#endif
