// A barrier carries each node's last logged change with its notices
// (change_log_last): the copies of every change up to it are dropped at
// the barrier, so a flush after it hears only of later changes. Rank 0,
// the home, changes PAGES pages in place; after the barrier every thread
// flushes: before, each first flush on another node listed all PAGES
// pages again (and dropped their fresh copies), now it lists none.
// Every value read must still be the last written.
//
// RUN: %cc-parade
// RUN: rm -f %t.2.json %t.3.json
// RUN: env OMP_NUM_THREADS=1 PARADE_STATS=%t.2.json %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.2.json 2 'changes_heard<=20' 'change_queries=3'
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.3.json %mpirun-tcp -np 3 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.3.json 3 'changes_heard<=60' 'change_queries=12'
//
// CHECK: after the barrier every value read was the last written: ok
#include <parade.h>

#include <stdio.h>

enum { PAGES = 400, WORDS = 4096 / sizeof(long), ROUNDS = 3 };

struct args {
  long *data;
  int *wrong;
};

static void region(void *arg) {
  const struct args *a = arg;
  int me = parade_thread_num();
  for (int round = 1; round <= ROUNDS; round++) {
    /* Every node reads every page: each holds a copy. */
    long sum = 0;
    for (int p = 0; p < PAGES; p++)
      sum += a->data[p * WORDS];
    (void)sum;
    parade_barrier();
    if (me == 0) /* rank 0, the pages' home, changes them in place */
      for (int p = 0; p < PAGES; p++)
        a->data[p * WORDS] = round * 1000 + p;
    parade_barrier();
    parade_flush();
    for (int p = 0; p < PAGES; p++)
      if (a->data[p * WORDS] != round * 1000 + p)
        a->wrong[me]++;
    parade_barrier();
  }
}

static int app_main(int argc, char **argv) {
  struct args a;
  a.data = parade_calloc((size_t)PAGES * WORDS, sizeof(long));
  a.wrong = parade_calloc(64, sizeof(int));
  parade_parallel(region, &a, sizeof a, 0, 1);
  int wrong = 0;
  for (int t = 0; t < 64; t++)
    wrong += a.wrong[t];
  printf("after the barrier every value read was the last written: %s\n", wrong ? "WRONG" : "ok");
  return wrong != 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
