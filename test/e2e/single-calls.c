// A single whose block calls functions of this file: the calls are looked
// into, and the shared scalars they assign are broadcast from the thread
// that ran the block, with no barrier. Before each single every thread
// writes its own slots of a shared table (other ranks' pages), which the
// single does not read; after it, every thread reads the whole table and
// the single's results: the broadcast is also the release and acquire the
// single's barrier was.
// A called function may name a global through a block-scope extern: the
// write is the global's, not the function's own (review: it was taken for
// a local and not broadcast). Calls that cannot be looked into
// (recursive, writing an array element) keep the barrier and must give
// the same results.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: single-calls: all {{[0-9]+}} configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define SLOTS 64
static int table[SLOTS];
static long total;
static double mean;
static int rounds, last_round;
int noted; /* also named by a block-scope extern */
static int steps[4];
static int mine; /* each thread's own */
#pragma omp threadprivate(mine)

/* What the table sums to in a round, computed without reading it. */
static long series(int round) {
  long s = 0;
  for (int i = 0; i < SLOTS; i++)
    s += round * 100 + i;
  return s;
}

static void record(int round) {
  rounds++;
  last_round = round;
}

static void note(int round) {
  extern int noted;
  noted += round;
}

static void summarise(int round) {
  long s = series(round); /* a call inside the call */
  total = s;
  mean = (double)s / SLOTS;
  record(round);
  note(round);
  mine = round; /* threadprivate: the running thread's own */
}

static int depth(int n) { return n <= 0 ? 0 : 1 + depth(n - 1); }

static void set_step(int at, int value) { steps[at] = value; }

int main(void) {
  long seen_bad = 0;
#pragma omp parallel reduction(+ : seen_bad)
  {
    int me = omp_get_thread_num(), n = omp_get_num_threads();
    for (int round = 1; round <= 3; round++) {
      for (int i = me; i < SLOTS; i += n)
        table[i] = round * 100 + i;
#pragma omp single
      summarise(round);
      /* Everyone sees the table as the single did, and what it computed. */
      long expect = 0;
      for (int i = 0; i < SLOTS; i++) {
        seen_bad += table[i] != round * 100 + i;
        expect += round * 100 + i;
      }
      seen_bad += total != expect;
      seen_bad += mean != (double)expect / SLOTS;
      seen_bad += last_round != round || rounds != round;
      seen_bad += noted != round * (round + 1) / 2;
#pragma omp barrier
    }
    /* Calls that are not looked into: a recursive one, one that writes an
     * array element. */
#pragma omp single
    total = depth(5);
    seen_bad += total != 5;
#pragma omp single
    set_step(2, 7);
    seen_bad += steps[2] != 7;
  }
  printf("bad %ld, rounds %d, total %ld, mean %.2f, steps[2] %d\n", seen_bad, rounds, total,
         mean, steps[2]);
  return 0;
}
