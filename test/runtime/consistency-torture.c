// Consistency torture: every thread of every node writes its own bytes of
// shared pages, with byte-granular false sharing between nodes, over many
// barrier epochs; after each barrier every thread checks every byte.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=1 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 4 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 PARADE_MAP=memfd %mpirun -np 4 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 PARADE_MAP=sysv %mpirun -np 4 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 PARADE_MAP=mremap %mpirun -np 4 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 %mpirun-tcp -np 4 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
//
// CHECK: torture: {{[0-9]+}} epochs, {{[0-9]+}} bytes, every byte verified by every thread
#include <parade.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { PAGES = 24, PAGE = 4096, BYTES = PAGES * PAGE, EPOCHS = 40 };

struct args {
  uint8_t *data;
  long *bad; /* per-thread error counts, in the pool */
  long *checked;
};

/* Who writes byte b in epoch e. The granularity changes with the page:
 * single bytes (false sharing inside words), 64-byte lines, whole pages
 * (so homes migrate), and a pattern that changes owner every epoch. */
static int owner(size_t b, int epoch, int threads) {
  size_t page = b / PAGE;
  switch (page % 4) {
  case 0: return (int)((b + (size_t)epoch) % (size_t)threads);
  case 1: return (int)((b / 64 + (size_t)epoch) % (size_t)threads);
  case 2: return (int)(page % (size_t)threads);
  default: return (int)((page + (size_t)epoch) % (size_t)threads);
  }
}

static uint8_t value(size_t b, int epoch) { return (uint8_t)(epoch * 31 + b * 7 + 1); }

static void region(void *arg) {
  const struct args *a = arg;
  int me = parade_thread_num(), threads = parade_num_threads();
  long bad = 0, checked = 0;
  for (int epoch = 0; epoch < EPOCHS; epoch++) {
    for (size_t b = 0; b < BYTES; b++)
      if (owner(b, epoch, threads) == me)
        a->data[b] = value(b, epoch);
    parade_barrier();
    for (size_t b = 0; b < BYTES; b++) {
      checked++;
      if (a->data[b] != value(b, epoch) && bad++ < 5)
        fprintf(stderr, "thread %d epoch %d: byte %zu is %u, expected %u\n", me, epoch, b,
                a->data[b], value(b, epoch));
    }
    parade_barrier();
  }
  a->bad[me] = bad;
  a->checked[me] = checked;
}

static int app_main(int argc, char **argv) {
  struct args a;
  a.data = parade_calloc(BYTES, 1);
  int max_threads = parade_node_count() * parade_default_threads_per_node();
  a.bad = parade_calloc((size_t)max_threads, sizeof(long));
  a.checked = parade_calloc((size_t)max_threads, sizeof(long));
  parade_parallel(region, &a, sizeof a, 0, 1);
  long bad = 0;
  for (int t = 0; t < max_threads; t++) {
    bad += a.bad[t];
    if (a.checked[t] != (long)EPOCHS * BYTES) {
      printf("torture: thread %d checked %ld bytes, expected %ld\n", t, a.checked[t],
             (long)EPOCHS * BYTES);
      return 1;
    }
  }
  if (bad) {
    printf("torture: %ld wrong bytes\n", bad);
    return 1;
  }
  printf("torture: %d epochs, %d bytes, every byte verified by every thread\n", EPOCHS, BYTES);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
