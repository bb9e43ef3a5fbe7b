// single copyprivate: thread 0's values of several private and
// threadprivate variables (a scalar, a struct, a pointer to a shared
// allocation, a small array, and an array larger than the 8 KiB that travel
// inside the exchange, so that it goes in a broadcast of its own) reach
// every thread of the team, round after round. The construct still meets
// as a barrier does: every thread's write to shared memory before it, and
// the single block's own, are seen by every thread after it.
//
// copyprivate used to take a broadcast and then a barrier, two meetings of
// the nodes; it is now one exchange of write notices that carries small
// data (a larger one overlaps a broadcast). 100 rounds at 2x2 counted 100
// barriers a rank or more before (200 here); the assertion allows the
// region's own.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: copyprivate: all 5 configurations match gcc -fopenmp
// RUN: %paradecc -O2 -Rparade %s -o %t 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %paradecc -O2 -Rparade -fparade-sync=lock %s -o %t.lock 2>&1 | FileCheck %s --check-prefix=LOCK
// RUN: rm -f %t.json
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.json %mpirun -np 2 %t | FileCheck %s --check-prefix=OUT
// RUN: %python %S/../Inputs/check_stats_json.py %t.json 2 collectives=200 "barriers<=40"
// OUT: copyprivate: 100 rounds, wrong values 0, stale shared values 0
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { ROUNDS = 100, BIG = 3000, MAXT = 64 };

struct pair {
  double x;
  int n[3];
};

static long tp_counter;
#pragma omp threadprivate(tp_counter)

/* Each thread's write before the single, and the single block's write, in
 * two generations: round r + 2 writes what round r read only after round
 * r + 1's single, which every thread reaches after its reads of round r. */
static int slots[2][MAXT];
static long written[2];

int main(void) {
  long wrong = 0, stale = 0;
  int *shared = malloc(sizeof(int) * 16);
  for (int i = 0; i < 16; i++)
    shared[i] = i;
#pragma omp parallel reduction(+ : wrong, stale)
  {
    int me = omp_get_thread_num(), team = omp_get_num_threads();
    for (int r = 1; r <= ROUNDS; r++) {
      int scalar = -1;
      struct pair pair = {-1.0, {-1, -1, -1}};
      int *p = NULL;
      short small[5] = {0};
      long big[BIG];
      big[0] = big[BIG - 1] = -1;
      if (me < MAXT)
        slots[r % 2][me] = r;
// REMARK: copyprivate.c:[[@LINE+2]]:1: remark: single with copyprivate ends in one exchange that carries the copies and stands for its barrier
// LOCK: copyprivate.c:[[@LINE+1]]:1: remark: single uses a barrier: -fparade-sync=lock
#pragma omp single copyprivate(scalar, pair, p, small, big, tp_counter)
      {
        scalar = r * 7;
        pair.x = r * 0.5;
        pair.n[0] = r;
        pair.n[2] = -r;
        p = shared + r % 16;
        for (int i = 0; i < 5; i++)
          small[i] = (short)(r + i);
        for (int i = 0; i < BIG; i++)
          big[i] = (long)r * BIG + i;
        tp_counter += r;
        written[r % 2] = r * 3L;
      }
      if (scalar != r * 7 || pair.x != r * 0.5 || pair.n[0] != r || pair.n[2] != -r ||
          *p != r % 16 || small[4] != (short)(r + 4) || big[0] != (long)r * BIG ||
          big[BIG - 1] != (long)r * BIG + BIG - 1 || tp_counter != (long)r * (r + 1) / 2)
        wrong++;
      /* The barrier's memory semantics: every thread's slot, and the
       * block's write, are this round's. */
      for (int t = 0; t < team && t < MAXT; t++)
        if (slots[r % 2][t] != r)
          stale++;
      if (written[r % 2] != r * 3L)
        stale++;
      /* Small data only: it travels inside the exchange (a volatile one too). */
      int round = -1;
      volatile int flag = 0;
#pragma omp single copyprivate(round, flag)
      {
        round = r;
        flag = r % 3 + 1;
      }
      if (round != r || flag != r % 3 + 1)
        wrong++;
    }
  }
  printf("copyprivate: %d rounds, wrong values %ld, stale shared values %ld\n", ROUNDS, wrong,
         stale);
  free(shared);
  return 0;
}
