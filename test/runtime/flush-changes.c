// A flush drops only the copies of pages that changed at their homes: it
// asks each home it holds copies from for its changes since the last flush
// (runtime/change_log.h), instead of dropping every copy.
//
// The last thread reads PAGES pages in every round after waiting for the
// writers' flags; the writers (every other thread) change some pages in
// each round, a different share each time, and all of them in round ALL
// (more than one answer lists, so the reader drops every copy of the home).
// A setup epoch makes each writer's node the home of the pages it writes:
// a home then changes its pages in place (rank 0, and rank 1 at P = 3,
// whose answers the reader gathers together), and at 2x2 a thread on the
// reader's own node writes pages homed there while rank 0's threads write
// theirs in place.
// Every value read must be the last written; the reader's polls must not
// drop the copies of pages nobody changed. The old flush dropped all PAGES
// copies at every poll, and the reader fetched every page again in every
// round (PAGES x ROUNDS = 9,600 fetches); now it fetches the changed ones
// (7 x 150 + 1,200, and the flags' page).
//
// RUN: %cc-parade
// RUN: rm -f %t.2.json %t.3.json %t.4.json
// RUN: env OMP_NUM_THREADS=1 PARADE_STATS=%t.2.json %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.2.json 2 'pages_fetched<=6000' 'change_queries=16'
// RUN: env OMP_NUM_THREADS=1 PARADE_STATS=%t.3.json %mpirun-tcp -np 3 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.3.json 3 'pages_fetched<=6000' 'change_queries=16'
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.4.json %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.4.json 2 'pages_fetched<=6000' 'change_queries=16'
//
// CHECK: every value read was the last written: ok
#include <parade.h>

#include <stdio.h>

enum { PAGES = 1200, ROUNDS = 8, ALL = 5, WORDS = 4096 / sizeof(long) };

struct args {
  long *data;
  volatile int *flags; /* a page of its own: [0] the reader's round, [1 + w] writer w's */
  int *wrong;
};

static int changed_in(int p, int round) { return round == ALL || p % 8 == round; }

static long expected(int p, int round) {
  for (int r = round; r > 0; r--)
    if (changed_in(p, r))
      return 10000L * r + p;
  return 0;
}

static void region(void *arg) {
  const struct args *a = arg;
  int me = parade_thread_num(), n = parade_num_threads(), writers = n - 1;
  /* Each writer's pages become homed on its node (the sole writer of a
   * page in an epoch is its new home), so the reader asks several homes
   * at P = 3, and departures make changes. */
  if (me < writers)
    for (int p = me; p < PAGES; p += writers)
      a->data[(long)p * WORDS] = 0;
  parade_barrier();
  if (me < writers) {
    for (int round = 1; round <= ROUNDS; round++) {
      while (a->flags[0] < round - 1)
        parade_flush();
      parade_flush();
      for (int p = me; p < PAGES; p += writers)
        if (changed_in(p, round))
          for (int w = 0; w < (int)WORDS; w += 64)
            a->data[(long)p * WORDS + w] = 10000L * round + p;
      parade_release();
      a->flags[1 + me] = round;
      parade_flush();
    }
    return;
  }
  for (int round = 1; round <= ROUNDS; round++) {
    for (int w = 0; w < writers; w++)
      while (a->flags[1 + w] < round)
        parade_flush();
    parade_flush();
    for (int p = 0; p < PAGES; p++)
      for (int w = 0; w < (int)WORDS; w += 64)
        if (a->data[(long)p * WORDS + w] != expected(p, round) && !*a->wrong)
          *a->wrong = 1000000 * round + p;
    parade_release();
    a->flags[0] = round;
    parade_flush();
  }
}

static int app_main(int argc, char **argv) {
  (void)argc, (void)argv;
  struct args a;
  a.data = parade_calloc((size_t)PAGES * WORDS, sizeof(long));
  a.flags = parade_calloc(4096 / sizeof(int), sizeof(int));
  a.wrong = parade_calloc(1024, sizeof(int));
  parade_parallel(region, &a, sizeof a, 0, 1);
  if (*a.wrong)
    printf("every value read was the last written: WRONG (round %d, page %d)\n",
           *a.wrong / 1000000, *a.wrong % 1000000);
  else
    printf("every value read was the last written: ok\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
