// Every schedule runs every iteration exactly once, for iteration counts
// smaller than, equal to and larger than the team.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=3 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_SCHEDULE=guided,3 %mpirun -np 4 %t | FileCheck %s
//
// CHECK: schedules: 5 kinds x 5 counts, every iteration once
#include <parade.h>

#include <stdio.h>

enum { MAX = 10007 };

struct args {
  unsigned char *hits;
  int *bad;
};

static void region(void *arg) {
  const struct args *a = arg;
  static const long long counts[] = {0, 1, 7, 1000, MAX};
  static const struct { parade_schedule kind; long long chunk; } kinds[] = {
      {PARADE_SCHED_STATIC, 0}, {PARADE_SCHED_STATIC, 5}, {PARADE_SCHED_DYNAMIC, 1},
      {PARADE_SCHED_GUIDED, 2}, {PARADE_SCHED_RUNTIME, 0}};
  int round = 0;
  for (int k = 0; k < 5; k++)
    for (int c = 0; c < 5; c++, round++) {
      unsigned char *hits = a->hits + (size_t)round * MAX;
      parade_loop loop;
      long long lo, hi;
      parade_loop_begin(&loop, counts[c], kinds[k].kind, kinds[k].chunk);
      while (parade_loop_next(&loop, &lo, &hi))
        for (long long i = lo; i < hi; i++)
          hits[i]++;
    }
  parade_barrier();
  if (parade_thread_num() == 0) {
    round = 0;
    for (int k = 0; k < 5; k++)
      for (int c = 0; c < 5; c++, round++)
        for (long long i = 0; i < MAX; i++)
          if (a->hits[(size_t)round * MAX + i] != (i < counts[c]) && (*a->bad)++ < 5)
            printf("kind %d count %lld: iteration %lld ran %d times\n", k, counts[c], i,
                   a->hits[(size_t)round * MAX + i]);
  }
}

static int app_main(int argc, char **argv) {
  struct args a;
  a.hits = parade_calloc(25 * MAX, 1);
  a.bad = parade_calloc(1, sizeof(int));
  parade_parallel(region, &a, sizeof a, 0, 1);
  if (*a.bad)
    return 1;
  printf("schedules: 5 kinds x 5 counts, every iteration once\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
