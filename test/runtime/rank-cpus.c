// A rank bound to fewer CPUs than it has threads (Open MPI binds a rank to
// one core when it starts at most two): the runtime says so once, with the
// remedy, and its waiting threads spin only briefly before they block. With
// the 1 ms spin meant for threads that each have a core, every fork and
// join cost about 2 ms: the waiting thread spun while the thread it waited
// for could not run (the wavefront kernel at P = 1 took 1.0 s, 0.5 ms with
// a core per thread). The program checks that each region ran on every
// thread; the policy is read from PARADE_VERBOSE's summary.
//
// REQUIRES: two-cpus
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=2 PARADE_VERBOSE=1 taskset -c 0 %t 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: env OMP_NUM_THREADS=1 PARADE_VERBOSE=1 taskset -c 0 %t 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: env OMP_NUM_THREADS=2 taskset -c 0 %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefix=RANKS
//
// BOUND: parade: warning: [rank 0] this rank may run on 1 of this host's {{[0-9]+}} CPUs but has 2 threads, which will take turns on it
// BOUND-SAME: 'mpirun --bind-to none'
// BOUND: threads=2 rank_cpus=1 host_cpus={{[0-9]+}} ranks_on_host=1 spin=2000ns
// BOUND: rank-cpus: 40 regions, every thread in each
//
// ONE-NOT: warning
// ONE: threads=1 rank_cpus=1 host_cpus={{[0-9]+}} ranks_on_host=1 spin=1000000ns
// ONE: rank-cpus: 40 regions, every thread in each
//
// RANKS-DAG: [rank 0] this rank may run on 1 of
// RANKS-DAG: [rank 1] this rank may run on 1 of
// RANKS: rank-cpus: 40 regions, every thread in each
#include <parade.h>

#include <stdio.h>

enum { ROUNDS = 40, MAXT = 64 };

static void region(void *raw) {
  int *hits = *(int **)raw;
  __atomic_fetch_add(&hits[parade_thread_num()], 1, __ATOMIC_RELAXED);
  if (parade_thread_num() == 0)
    hits[MAXT] = parade_num_threads();
  parade_barrier();
}

static int app_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  int bad = 0;
  for (int r = 0; r < ROUNDS; r++) {
    int *hits = parade_calloc(MAXT + 1, sizeof(int));
    parade_parallel(region, &hits, sizeof hits, 0, 1);
    int n = hits[MAXT];
    bad += n < 1 || n > MAXT;
    for (int t = 0; t < MAXT; t++)
      bad += hits[t] != (t < n);
    parade_free(hits);
  }
  if (bad)
    printf("rank-cpus: %d threads missed a region\n", bad);
  else
    printf("rank-cpus: %d regions, every thread in each\n", ROUNDS);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
