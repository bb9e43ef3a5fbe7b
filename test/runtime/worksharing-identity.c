// Work-shared loops are named by their place in the current region, so
// loops met by a team of one (serial code) never shift the team's
// numbering; every thread of a dynamic loop with far more chunks than
// threads gets work; and the record of a finished ordered loop is dropped,
// so a time-step loop around an ordered loop does not grow the lock table.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.1.json %t | FileCheck %s
// RUN: %python %S/../Inputs/check_stats_json.py %t.1.json 1 'lock_records<=0'
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.2.json %mpirun -np 2 %t | FileCheck %s
// RUN: %python %S/../Inputs/check_stats_json.py %t.2.json 2 'lock_records<=0'
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 4 %t | FileCheck %s
//
// CHECK: worksharing-identity: every iteration once, every thread worked, ordered in order
#include <parade.h>

#include <stdio.h>
#include <unistd.h>

enum { N = 3000, STEPS = 40, CHUNKS = 48 };

struct args {
  unsigned char *hits; /* N per pass */
  int *chunks_by;      /* chunks of the waiting loop, per global thread */
  long long *order;    /* the ordered loop's iterations, in the order run */
  int *bad;
};

static void dynamic_pass(unsigned char *hits) {
  parade_loop loop;
  long long lo, hi;
  parade_loop_begin(&loop, N, PARADE_SCHED_DYNAMIC, 7);
  while (parade_loop_next(&loop, &lo, &hi))
    for (long long i = lo; i < hi; i++)
      hits[i]++;
}

static void region(void *arg) {
  const struct args *a = arg;
  dynamic_pass(a->hits + N);
  /* Iterations that wait rather than compute, so that a loaded machine
   * still lets every thread in. */
  parade_loop loop;
  long long lo, hi;
  parade_loop_begin(&loop, CHUNKS, PARADE_SCHED_DYNAMIC, 1);
  while (parade_loop_next(&loop, &lo, &hi)) {
    usleep(2000);
    a->chunks_by[parade_thread_num()]++;
  }
  for (int step = 0; step < STEPS; step++) {
    parade_loop_begin(&loop, 16, PARADE_SCHED_DYNAMIC, 1);
    while (parade_loop_next(&loop, &lo, &hi))
      for (long long i = lo; i < hi; i++) {
        parade_ordered_begin(&loop, i);
        a->order[step * 16 + i] = a->order[STEPS * 16]++;
        parade_ordered_end(&loop, i);
      }
    parade_barrier(); /* the loop's implicit barrier */
  }
  dynamic_pass(a->hits + 2 * N);
}

static int app_main(int argc, char **argv) {
  struct args a;
  a.hits = parade_calloc(3 * N, 1);
  a.chunks_by = parade_calloc(1024, sizeof(int));
  a.order = parade_calloc(STEPS * 16 + 1, sizeof(long long));
  a.bad = parade_calloc(1, sizeof(int));
  dynamic_pass(a.hits); /* serial code: a team of one */
  parade_parallel(region, &a, sizeof a, 0, 1);
  dynamic_pass(a.hits); /* and again after the region */
  int threads = parade_node_count() * parade_default_threads_per_node();
  for (int pass = 0; pass < 3; pass++)
    for (int i = 0; i < N; i++)
      if (a.hits[pass * N + i] != (pass == 0 ? 2 : 1) && (*a.bad)++ < 5)
        printf("pass %d: iteration %d ran %d times\n", pass, i, a.hits[pass * N + i]);
  for (int t = 0; t < threads; t++)
    if (a.chunks_by[t] == 0 && (*a.bad)++ < 10)
      printf("thread %d ran no chunk of %d\n", t, CHUNKS);
  for (int i = 0; i < STEPS * 16; i++)
    if (a.order[i] != i && (*a.bad)++ < 15)
      printf("ordered iteration %d ran as %lld\n", i, a.order[i]);
  if (*a.bad)
    return 1;
  printf("worksharing-identity: every iteration once, every thread worked, ordered in order\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
