// A thread the program made itself (pthread_create in rank 0's serial code)
// reads shared pages while the OpenMP regions run: it fetches them, again
// and again, and a region's barrier may apply its departure while one of
// its fetches is on the wire. The departure used to overwrite the page's
// state (TRANSIENT) with its own; the fetch then finished READ_ONLY with
// the copy it had asked for before the barrier, and rank 0 kept that stale
// copy as valid.
//
// Each page's first half is written by one rank in every region; its
// second half holds constants that only the reader thread reads (no data
// race: the halves are different bytes). After each region rank 0 checks
// every first half.
//
// RUN: %cc-parade -lpthread
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 %mpirun-tcp -np 3 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
//
// CHECK: regions: ok
// CHECK: reader: ok
#include <parade.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

enum { PAGE = 4096, PAGES_PER_RANK = 16, ROUNDS = 20, STEPS = 50, HALF = PAGE / 2 / sizeof(long) };

static long *data; /* shared (parade_aligned_alloc), read by the reader */
static size_t npages;
static _Atomic int stop;  /* rank 0's own memory */
static long reader_sweeps, reader_bad;

static void *reader(void *arg) {
  (void)arg;
  while (!atomic_load(&stop)) {
    for (size_t p = 0; p < npages; p++)
      for (size_t w = HALF; w < 2 * HALF; w++)
        if (data[p * 2 * HALF + w] != (long)(p * 1000 + w))
          reader_bad++;
    reader_sweeps++;
  }
  return NULL;
}

struct args {
  long *data; /* app_main runs on rank 0 only: the other ranks' globals are unset */
  long round;
};

static void region(void *arg) {
  const struct args *a = arg;
  int rank = parade_node_rank();
  int local = parade_local_thread_num(), locals = parade_local_num_threads();
  for (long step = 1; step <= STEPS; step++) {
    long value = (a->round * STEPS + step) * 100000;
    for (size_t p = (size_t)rank * PAGES_PER_RANK; p < (size_t)(rank + 1) * PAGES_PER_RANK; p++)
      for (size_t w = 0; w < HALF; w++)
        if ((int)(w * locals / HALF) == local)
          a->data[p * 2 * HALF + w] = value + (long)(p * 1000 + w);
    parade_barrier();
  }
}

static int app_main(int argc, char **argv) {
  (void)argc, (void)argv;
  npages = (size_t)parade_node_count() * PAGES_PER_RANK;
  data = parade_aligned_alloc(PAGE, npages * PAGE);
  for (size_t p = 0; p < npages; p++)
    for (size_t w = 0; w < 2 * HALF; w++)
      data[p * 2 * HALF + w] = (long)(p * 1000 + w);
  pthread_t t;
  if (pthread_create(&t, NULL, reader, NULL) != 0)
    return 1;
  long wrong = 0, first_round = -1;
  for (long round = 1; round <= ROUNDS; round++) {
    struct args a = {data, round};
    parade_parallel(region, &a, sizeof a, 0, 1);
    for (size_t p = 0; p < npages; p++)
      for (size_t w = 0; w < HALF; w++)
        if (data[p * 2 * HALF + w] != (round * STEPS + STEPS) * 100000 + (long)(p * 1000 + w)) {
          wrong++;
          if (first_round < 0)
            first_round = round;
        }
  }
  atomic_store(&stop, 1);
  pthread_join(t, NULL);
  if (wrong)
    printf("regions: %ld stale words, first after region %ld\n", wrong, first_round);
  else
    printf("regions: ok\n");
  printf("reader: %s (%ld sweeps)\n", reader_bad ? "WRONG" : "ok", reader_sweeps);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
