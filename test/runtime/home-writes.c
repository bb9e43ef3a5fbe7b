// A home writing its own pages: a page no other node holds a copy of stays
// writable at its home across barriers (no write fault, no write notice in
// every epoch); serving a copy write-protects it again, so the home's next
// write is noticed and the reader sees every new value.
//
// Thread 0 (rank 0, the first home of every page) writes ALONE + READ pages
// in every one of ROUNDS epochs; a thread of the last node reads the READ
// pages in every epoch and the ALONE pages at the end. Before, every page
// cost rank 0 a write fault per round: (16 + 2) x 30 = 540; now the READ
// pages do (2 x 30) and the ALONE pages once (16).
//
// RUN: %cc-parade
// RUN: rm -f %t.2.json %t.3.json
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.2.json %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.2.json 2 'page_faults_write<=120'
// RUN: env OMP_NUM_THREADS=1 PARADE_STATS=%t.3.json %mpirun-tcp -np 3 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.3.json 3 'page_faults_write<=120'
// RUN: env OMP_NUM_THREADS=2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
//
// CHECK: read every round: ok
// CHECK-NEXT: read at the end: ok
#include <parade.h>

#include <stdio.h>

enum { ALONE = 16, READ = 2, PAGES = ALONE + READ, ROUNDS = 30, WORDS = 4096 / sizeof(long) };

struct args {
  long *data;
  int *fails;
};

static void region(void *arg) {
  const struct args *a = arg;
  int me = parade_thread_num(), n = parade_num_threads();
  for (int round = 1; round <= ROUNDS; round++) {
    if (me == 0)
      for (int p = 0; p < PAGES; p++)
        for (int w = 0; w < WORDS; w += 64)
          a->data[p * WORDS + w] = 1000L * round + p;
    parade_barrier();
    if (me == n - 1) {
      int ok = 1;
      for (int p = ALONE; p < PAGES; p++)
        for (int w = 0; w < WORDS; w += 64)
          ok &= a->data[p * WORDS + w] == 1000L * round + p;
      if (!ok)
        *a->fails = round;
    }
    parade_barrier();
  }
  if (me == n - 1) {
    int ok = 1;
    for (int p = 0; p < ALONE; p++)
      for (int w = 0; w < WORDS; w += 64)
        ok &= a->data[p * WORDS + w] == 1000L * ROUNDS + p;
    if (!ok)
      a->fails[1] = 1;
  }
}

static int app_main(int argc, char **argv) {
  (void)argc, (void)argv;
  struct args a;
  a.data = parade_calloc(PAGES * WORDS, sizeof(long));
  a.fails = parade_calloc(2, sizeof(int));
  parade_parallel(region, &a, sizeof a, 0, 1);
  if (a.fails[0])
    printf("read every round: WRONG (stale values in round %d)\n", a.fails[0]);
  else
    printf("read every round: ok\n");
  printf("read at the end: %s\n", a.fails[1] ? "WRONG" : "ok");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
