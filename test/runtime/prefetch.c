// Sequential prefetch: a thread that faults through consecutive pages homed
// on one node gets the following pages in the same request (pages_prefetched),
// and every value it reads is still the one the program's synchronisation
// says it must see:
//   - ARRAY pages written by thread 0 (rank 0, their home) in every round and
//     scanned by every other thread after the barrier, forwards (prefetched)
//     and with a stride of two pages;
//   - a page prefetched before a lock acquire is dropped by the acquire when
//     the lock's last holder wrote it: the scanner reads the new value.
// (The scans never race with the writes: a barrier or the lock is between.)
// With PARADE_PREFETCH_PAGES=1 nothing is prefetched and the output is the
// same.
//
// RUN: %cc-parade
// RUN: rm -f %t.2.json %t.3.json %t.off.json
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.2.json %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.2.json 2 'pages_prefetched=200'
// RUN: env OMP_NUM_THREADS=1 PARADE_STATS=%t.3.json %mpirun-tcp -np 3 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.3.json 3 'pages_prefetched=200'
// RUN: env OMP_NUM_THREADS=2 PARADE_PREFETCH_PAGES=1 PARADE_STATS=%t.off.json %mpirun -np 2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: %python %S/../Inputs/check_stats_json.py %t.off.json 2 'pages_prefetched<=0'
// RUN: env OMP_NUM_THREADS=2 %t 2>&1 | FileCheck %s --implicit-check-not='parade: error'
//
// CHECK: forward scans: ok
// CHECK-NEXT: strided scans: ok
// CHECK-NEXT: after the lock: ok
#include <parade.h>

#include <stdio.h>

enum { ARRAY = 96, ROUNDS = 6, WORDS = 4096 / sizeof(long) };

struct args {
  long *data;
  long *locked; /* LOCKED pages, written under the lock */
  parade_lock_t *lock;
  int *fails; /* forward, strided, lock */
};

enum { LOCKED = 8 };

static long value(int round, int page, int word) { return 1000000L * round + 1000L * page + word; }

static void region(void *arg) {
  const struct args *a = arg;
  int me = parade_thread_num(), n = parade_num_threads();
  for (int round = 1; round <= ROUNDS; round++) {
    if (me == 0)
      for (int p = 0; p < ARRAY; p++)
        for (int w = 0; w < WORDS; w += 128)
          a->data[p * WORDS + w] = value(round, p, w);
    parade_barrier();
    if (parade_node_rank() != 0) {
      int ok = 1;
      if (round % 2) {
        for (int p = 0; p < ARRAY; p++)
          for (int w = 0; w < WORDS; w += 128)
            ok &= a->data[p * WORDS + w] == value(round, p, w);
        if (!ok)
          a->fails[0] = round;
      } else {
        for (int start = 0; start < 2; start++)
          for (int p = start; p < ARRAY; p += 2)
            for (int w = 0; w < WORDS; w += 128)
              ok &= a->data[p * WORDS + w] == value(round, p, w);
        if (!ok)
          a->fails[1] = round;
      }
    }
    parade_barrier();
  }
  // Every thread but the last scans the LOCKED pages (prefetching them);
  // after a barrier (which drops none of them: nobody wrote them) the last
  // thread writes them under the lock, and the others take the lock until
  // they see it written. Whoever takes it after the writer must see the
  // writer's values, not the prefetched ones.
  long sum = 0;
  if (me != n - 1)
    for (int p = 0; p < LOCKED; p++)
      sum += a->locked[p * WORDS];
  parade_barrier();
  if (me == n - 1) {
    parade_lock_acquire(a->lock);
    for (int p = 0; p < LOCKED; p++)
      a->locked[p * WORDS] = value(ROUNDS + 1, p, 0);
    a->locked[LOCKED * WORDS] = 1; /* written */
    parade_lock_release(a->lock);
  } else {
    for (int written = 0; !written;) {
      parade_lock_acquire(a->lock);
      written = a->locked[LOCKED * WORDS] == 1;
      if (written)
        for (int p = 0; p < LOCKED; p++)
          if (a->locked[p * WORDS] != value(ROUNDS + 1, p, 0))
            a->fails[2] = 1;
      parade_lock_release(a->lock);
    }
  }
  if (sum == -1)
    printf("(unlikely)\n");
}

static int app_main(int argc, char **argv) {
  (void)argc, (void)argv;
  struct args a;
  a.data = parade_aligned_alloc(4096, ARRAY * WORDS * sizeof(long));
  a.locked = parade_aligned_alloc(4096, (LOCKED + 1) * WORDS * sizeof(long));
  for (int p = 0; p <= LOCKED; p++)
    a.locked[p * WORDS] = 0;
  a.lock = parade_malloc(sizeof *a.lock);
  parade_lock_init(a.lock);
  a.fails = parade_calloc(3, sizeof(int));
  parade_parallel(region, &a, sizeof a, 0, 1);
  printf("forward scans: %s\n", a.fails[0] ? "WRONG" : "ok");
  printf("strided scans: %s\n", a.fails[1] ? "WRONG" : "ok");
  printf("after the lock: %s\n", a.fails[2] ? "WRONG" : "ok");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
