// A collective store wakes the communication thread only when a page
// request may be waiting for it: a critical or single made a collective
// costs no wake-up of its own (each cost 15 us on a two-core machine).
// 200 rounds of parade_reduce_store at 2 ranks x 2 threads, with no DSM
// write that would send anyone to the home, made 400 wakes (one per round
// per rank) before; now the only ones are start-up's and shutdown's.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.json %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.json 2 collectives=400 'comm_wakes<=40' | FileCheck %s --check-prefix=STATS
//
// CHECK: collective store wakes: 200 rounds, counter 800
// STATS: stats: total collectives >= 400
// STATS: stats: total comm_wakes <= 40
#include <parade.h>

#include <stdio.h>

enum { ROUNDS = 200 };

static void region(void *arg) {
  long *counter = *(long **)arg;
  for (int round = 0; round < ROUNDS; round++) {
    long one = 1;
    parade_reduce_var contribution[1] = {{&one, 1, PARADE_LONG, PARADE_OP_SUM}};
    void *target[1] = {counter};
    parade_reduce_store(contribution, target, 1);
  }
}

static int app_main(int argc, char **argv) {
  long *counter = parade_calloc(1, sizeof *counter);
  parade_parallel(region, &counter, sizeof counter, 0, 1);
  printf("collective store wakes: %d rounds, counter %ld\n", ROUNDS, *counter);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
