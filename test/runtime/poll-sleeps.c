// The polling loops' timed sleeps are counted with how long they were asked
// to take and took: a rank idle while rank 0 works alone sleeps, and no
// sleep that ran its course can take less than it was asked to.
//
// RUN: %cc-parade
// RUN: rm -f %t.json
// RUN: env OMP_NUM_THREADS=1 PARADE_STATS=%t.json %mpirun -np 2 %t
// RUN: %python %S/../Inputs/check_stats_json.py %t.json 2 poll_sleeps=20 poll_sleep_asked_ns=1000000 'poll_sleep_ns>=poll_sleep_asked_ns' | FileCheck %s
//
// CHECK: stats: total poll_sleeps >= 20
// CHECK: stats: poll_sleep_ns >= poll_sleep_asked_ns on every rank
// CHECK: stats: 2 ranks, all keys present
#include <parade.h>

#include <stddef.h>

static void region(void *arg) { (void)arg; }

static int app_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  for (int r = 0; r < 5; r++) {
    /* Rank 0 alone, for 20 ms: the other rank's communication thread
     * backs off to its longest sleep. */
    double until = parade_wtime() + 0.02;
    while (parade_wtime() < until)
      ;
    parade_parallel(region, NULL, 0, 0, 1);
  }
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
