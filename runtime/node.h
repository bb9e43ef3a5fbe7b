/* All of a node's runtime state, in one struct. Each module keeps its part
 * in a member named after it. */
#ifndef PARADE_NODE_H
#define PARADE_NODE_H

#include "collectives.h"
#include "hlrc.h"
#include "locks.h"
#include "options.h"
#include "page.h"
#include "schedule.h"
#include "stats.h"
#include "team.h"
#include "vm.h"

struct node_state {
  int rank, size;
  int threads_per_node;
  int host_cores, ranks_on_host;
  int pool_ready;
  int dsm_active; /* pages are protected and the fault handler is live */
  int finished;   /* orderly shutdown under way */
  struct options opt;
  struct vm vm;
  struct page_table pages;
  struct hlrc hlrc;
  struct team team;
  struct collectives collectives;
  struct locks locks;
  struct sched_state sched;
};

extern struct node_state node;

/* Map the pool if that has not happened yet (safe before MPI_Init, for
 * static data registered from constructors). */
void node_pool_ensure(void);

#endif
