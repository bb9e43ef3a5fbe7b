// A page that only one node writes moves its home to that node at the
// barrier; from then on that node writes in place and sends no diffs.
//
// RUN: %cc-parade-internal
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 4 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 %mpirun-tcp -np 4 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
//
// CHECK-DAG: rank 1: 8 pages moved here, 0 diffs sent, values right
// CHECK-DAG: rank 2: 8 pages moved here, 0 diffs sent, values right
// CHECK-DAG: rank 3: 8 pages moved here, 0 diffs sent, values right
#include "node.h"

#include <parade.h>
#include <stdio.h>

enum { PAGES_PER_RANK = 8, PAGE = 4096, EPOCHS = 10 };

struct args {
  unsigned char *data;
  int *ok;
};

static void region(void *arg) {
  const struct args *a = arg;
  int rank = parade_node_rank();
  unsigned char *mine = a->data + (size_t)rank * PAGES_PER_RANK * PAGE;
  for (int epoch = 1; epoch <= EPOCHS; epoch++) {
    /* Local thread t writes its own half of each of this rank's pages. */
    int local = parade_local_thread_num(), locals = parade_local_num_threads();
    for (size_t b = 0; b < PAGES_PER_RANK * PAGE; b++)
      if ((int)(b % PAGE * locals / PAGE) == local)
        mine[b] = (unsigned char)(epoch + rank + b);
    parade_barrier();
  }
  /* Everyone reads every rank's pages (remote fetches from the new homes). */
  int good = 1;
  for (int r = 0; r < parade_node_count(); r++)
    for (size_t b = 0; b < PAGES_PER_RANK * PAGE; b++)
      good &= a->data[(size_t)r * PAGES_PER_RANK * PAGE + b] == (unsigned char)(EPOCHS + r + b);
  parade_reduce_var v = {&good, 1, PARADE_INT, PARADE_OP_LAND};
  parade_allreduce(&v, 1);
  if (parade_local_thread_num() == 0 && rank > 0)
    printf("rank %d: %llu pages moved here, %llu diffs sent, values %s\n", rank,
           (unsigned long long)stats_counters.home_migrations,
           (unsigned long long)stats_counters.diffs_sent, good ? "right" : "WRONG");
}

static int app_main(int argc, char **argv) {
  struct args a;
  /* Page-aligned, so no other data shares these pages. */
  a.data = parade_aligned_alloc(PAGE, (size_t)parade_node_count() * PAGES_PER_RANK * PAGE);
  parade_parallel(region, &a, sizeof a, 0, 1);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
