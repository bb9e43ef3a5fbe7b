// A program may define globals and functions whose names the runtime uses
// internally (node, stats_report, vm_map, comm_send, hlrc_barrier are common
// names in graph and simulation codes): it links, each side keeps its own,
// and the runtime still works at P = 2. libparade exports only parade_* and
// omp_* names.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=1 %mpirun -np 2 %t 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=ERR %s --implicit-check-not='parade: error' < %t.err
//
// CHECK: user-symbols: sum 10, node 0 1 0, vm_map 42, comm_send 8, hlrc_barrier 5
// CHECK-NOT: stats_report called
// The runtime's statistics at exit come from its own stats_report.
// ERR-DAG: parade: stats: [rank 0]
// ERR-DAG: parade: stats: [rank 1]
#include <parade.h>

#include <stdio.h>

/* The user's own, unrelated to the runtime's. */
int node[8];
long vm_map = 42;
int hlrc_barrier[2] = {5, 0};

void stats_report(int why) { printf("user stats_report called (%d)\n", why); }

int comm_send(int value) { return value + 1; }

struct args {
  int *shared;
};

static void region(void *raw) {
  struct args *a = raw;
  int me = parade_thread_num();
  /* node[] is not in the pool: rank 0 sees only its own threads' stores. */
  node[me] = me;
  a->shared[me] = me + 1;
  parade_barrier();
  int sum = 0;
  for (int t = 0; t < parade_num_threads(); t++)
    sum += a->shared[t];
  parade_reduce_var v = {&sum, 1, PARADE_INT, PARADE_OP_MAX};
  parade_allreduce(&v, 1);
  if (me == 0)
    printf("user-symbols: sum %d, node %d %d %d, vm_map %ld, comm_send %d, hlrc_barrier %d\n", sum,
           node[0], node[1], node[2], vm_map, comm_send(7), hlrc_barrier[0]);
}

static int app_main(int argc, char **argv) {
  struct args a = {parade_calloc(8, sizeof(int))};
  parade_parallel(region, &a, sizeof a, 4, 1);
  parade_free(a.shared);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
