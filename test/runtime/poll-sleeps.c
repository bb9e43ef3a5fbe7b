// The polling loops' timed sleeps are counted with how long they were asked
// to take and took: a rank idle while rank 0 works alone sleeps, and no
// sleep that ran its course can take less than it was asked to. Rank 0
// waits asleep, and long enough for the other rank's communication thread
// to get past its yielding rounds on a loaded machine: with two CPU hogs it
// yielded through five 20 ms phases of rank 0 without ever sleeping.
//
// RUN: %cc-parade
// RUN: rm -f %t.json
// RUN: env OMP_NUM_THREADS=1 PARADE_STATS=%t.json %mpirun -np 2 %t
// RUN: %python %S/../Inputs/check_stats_json.py %t.json 2 poll_sleeps=1 poll_sleep_asked_ns=1000 'poll_sleep_ns>=poll_sleep_asked_ns' | FileCheck %s
//
// CHECK: stats: total poll_sleeps >= 1
// CHECK: stats: poll_sleep_ns >= poll_sleep_asked_ns on every rank
// CHECK: stats: 2 ranks, all keys present
#include <parade.h>

#include <stddef.h>
#include <time.h>

static void region(void *arg) { (void)arg; }

static int app_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  for (int r = 0; r < 2; r++) {
    /* Rank 0 alone, for 0.75 s: the other rank's communication thread
     * backs off to its longest sleep. */
    struct timespec phase = {0, 750000000L};
    nanosleep(&phase, NULL);
    parade_parallel(region, NULL, 0, 0, 1);
  }
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
