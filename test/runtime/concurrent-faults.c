// All threads of a node fault on the same INVALID page at once: the page
// is fetched exactly once (the others wait in the BLOCKED state).
//
// RUN: %cc-parade-internal
// RUN: env OMP_NUM_THREADS=4 %mpirun -np 2 %t | FileCheck %s --check-prefix=P2
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 4 %t | FileCheck %s --check-prefix=P4
//
// P2: rank 1: 4 threads read the page, 1 fetch, value 4242
// P4-DAG: rank 1: 2 threads read the page, 1 fetch, value 4242
// P4-DAG: rank 3: 2 threads read the page, 1 fetch, value 4242
#include "node.h"

#include <parade.h>
#include <stdio.h>

struct args {
  volatile long *value;
};

static void region(void *arg) {
  const struct args *a = arg;
  /* Line up the node's threads, then all touch the page together. */
  static _Atomic int ready;
  atomic_fetch_add(&ready, 1);
  while (atomic_load(&ready) < parade_local_num_threads())
    ;
  long seen = *a->value;
  static _Atomic int readers;
  atomic_fetch_add(&readers, 1);
  parade_barrier();
  if (parade_local_thread_num() == 0 && parade_node_rank() % 2 == 1)
    printf("rank %d: %d threads read the page, %llu fetch, value %ld\n", parade_node_rank(),
           atomic_load(&readers), (unsigned long long)stats_counters.pages_fetched, seen);
}

static int app_main(int argc, char **argv) {
  struct args a;
  a.value = parade_aligned_alloc(4096, 4096);
  *a.value = 4242; /* written by rank 0 serially: the fork invalidates it elsewhere */
  parade_parallel(region, &a, sizeof a, 0, 1);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
