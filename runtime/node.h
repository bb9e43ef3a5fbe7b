/* All of a node's runtime state, in one struct. Each module keeps its part
 * in a member named after it. */
#ifndef PARADE_NODE_H
#define PARADE_NODE_H

#include "alloc.h"
#include "collectives.h"
#include "fault.h"
#include "hlrc.h"
#include "locks.h"
#include "omp_icv.h"
#include "options.h"
#include "page.h"
#include "places.h"
#include "random.h"
#include "schedule.h"
#include "stats.h"
#include "streams.h"
#include "team.h"
#include "team_shape.h"
#include "vm.h"

struct node_state {
  int rank, size;
  int threads_per_node;
  int host_cores, ranks_on_host;
  int rank_cpus;  /* CPUs this rank may run on (its affinity mask) */
  int dsm_active; /* pages are protected and the fault handler is live */
  int finished;   /* orderly shutdown under way */
  int forked;     /* a child the program made with fork(): none of the runtime's threads */
  pthread_t main_thread;
  struct options opt;
  struct vm vm;
  struct page_table pages;
  struct hlrc hlrc;
  struct team team;
  struct team_shape shape;
  struct collectives collectives;
  struct locks locks;
  struct alloc_state alloc;
  struct fault_state fault;
  struct streams_state streams;
  struct random_state random;
  struct sched_state sched;
  struct places_state places;
  struct omp_icv icv;
};

extern struct node_state node;

#endif
