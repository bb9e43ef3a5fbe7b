// Regions of different sizes one after another: each thread of each team
// runs the region exactly once, including threads created for a team larger
// than every earlier one (a new worker once ran its first region twice).
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=3 %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %t | FileCheck %s
//
// CHECK: team sizes: every thread once in every region
#include <parade.h>

#include <stdio.h>

struct args {
  int *hits;
  int round;
};

enum { MAXT = 16, ROUNDS = 7 };

static void region(void *raw) {
  struct args *a = raw;
  __atomic_fetch_add(&a->hits[a->round * MAXT + parade_thread_num()], 1, __ATOMIC_RELAXED);
  parade_barrier();
}

static int app_main(int argc, char **argv) {
  static const int sizes[ROUNDS] = {1, 3, 6, 2, 5, 6, 4};
  struct args a = {parade_calloc(ROUNDS * MAXT, sizeof(int)), 0};
  int bad = 0;
  for (a.round = 0; a.round < ROUNDS; a.round++) {
    parade_parallel(region, &a, sizeof a, sizes[a.round], 1);
    for (int t = 0; t < MAXT; t++) {
      int want = t < sizes[a.round] && t < parade_node_count() * MAXT;
      int got = a.hits[a.round * MAXT + t];
      if (got != want && bad++ < 5)
        printf("round %d (size %d): thread %d ran %d times\n", a.round, sizes[a.round], t, got);
    }
  }
  printf("team sizes: %s\n", bad ? "WRONG" : "every thread once in every region");
  parade_free(a.hits);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
