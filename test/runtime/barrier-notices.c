// The barrier's exchange of write notices: every node decides the same new
// homes from the same notices. Checked here:
//  - one node writes more pages than fit in the first allgather (63 per
//    node), another only a few: after the barrier every thread reads what
//    both wrote, and each page's home moved to its only writer;
//  - a team on fewer nodes than the job: the nodes outside it apply the
//    departure too, so a later region's thread there fetches the pages from
//    their new homes (a stale home answers "whose home is rank ...").
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 3 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 %mpirun-tcp -np 3 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
//
// CHECK: many notices: ok
// CHECK-NEXT: outside the team: ok
#include <parade.h>

#include <stdio.h>

enum { PAGES = 200, WORDS_PER_PAGE = 4096 / sizeof(long), FEW = 3 };

struct args {
  long *many; /* PAGES pages, written by the team's last thread */
  long *few;  /* FEW pages, written by thread 0 */
  int *fails;
};

static long value(int page, int round) { return 1000L * page + round; }

static void first(void *arg) {
  const struct args *a = arg;
  int me = parade_thread_num(), n = parade_num_threads();
  for (int round = 1; round <= 2; round++) {
    if (me == n - 1)
      for (int p = 0; p < PAGES; p++)
        a->many[p * WORDS_PER_PAGE + round % WORDS_PER_PAGE] = value(p, round);
    if (me == 0)
      for (int p = 0; p < FEW; p++)
        a->few[p * WORDS_PER_PAGE] = value(p, round);
    parade_barrier();
    int ok = 1;
    for (int p = 0; p < PAGES; p++)
      ok &= a->many[p * WORDS_PER_PAGE + round % WORDS_PER_PAGE] == value(p, round);
    for (int p = 0; p < FEW; p++)
      ok &= a->few[p * WORDS_PER_PAGE] == value(p, round);
    if (!ok)
      __atomic_fetch_or(a->fails, 1, __ATOMIC_RELAXED);
    parade_barrier();
  }
}

static void second(void *arg) {
  const struct args *a = arg;
  int ok = 1;
  for (int p = 0; p < PAGES; p++)
    ok &= a->many[p * WORDS_PER_PAGE + 2] == value(p, 2);
  for (int p = 0; p < FEW; p++)
    ok &= a->few[p * WORDS_PER_PAGE] == value(p, 2);
  if (!ok)
    __atomic_fetch_or(a->fails, 2, __ATOMIC_RELAXED);
}

static int app_main(int argc, char **argv) {
  (void)argc, (void)argv;
  struct args a;
  a.many = parade_calloc(PAGES * WORDS_PER_PAGE, sizeof(long));
  a.few = parade_calloc(FEW * WORDS_PER_PAGE, sizeof(long));
  a.fails = parade_calloc(1, sizeof(int));
  /* Two nodes' worth of threads: the last node of three stays outside. */
  int team = 2 * parade_default_threads_per_node();
  parade_parallel(first, &a, sizeof a, team, 1);
  int fails_first = *a.fails;
  printf("many notices: %s\n", fails_first & 1 ? "WRONG" : "ok");
  parade_parallel(second, &a, sizeof a, 0, 1);
  printf("outside the team: %s\n", *a.fails & 2 ? "WRONG" : "ok");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
