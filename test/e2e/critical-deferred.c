// Critical blocks of updates met many times (in a loop) are deferred: each
// thread combines its updates and applies them under the critical's own
// lock at its next synchronisation. Here with a global histogram, a block
// of two updates, a malloc'd table indexed through another array, a
// named critical whose other instance takes the lock (the two must still
// exclude each other), and a value read through a pointer. Read after the
// loop's barrier, after an omp lock, and at the end.
//
// The deferred form takes no lock in the loop: at 2x2 the lock is taken
// at each thread's synchronisations and by the 20 lock-path instances,
// where every iteration took 5 before (10,000 acquisitions).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: critical-deferred: all 5 configurations match gcc -fopenmp
// RUN: %paradecc -O2 %s -o %t
// RUN: rm -f %t.json
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.json %mpirun -np 2 %t | FileCheck %s --check-prefix=OUT
// RUN: %python %S/../Inputs/check_stats_json.py %t.json 2 criticals_deferred=1000 "lock_acquires<=200"
// OUT: hist[5] 125 after barrier 125
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 2000 };
static int hist[16]; /* extern, a read through an int pointer might reach it */

int main(void) {
  double *x = malloc(N * sizeof *x);
  int *bins = malloc(N * sizeof *bins);
  long *table = calloc(8, sizeof *table);
  for (int i = 0; i < N; i++) {
    x[i] = (i % 7) * 0.25; /* sums of these are exact in any order */
    bins[i] = (i * 13) % 8;
  }
  double dsum = 0, squares = 0;
  long count = 0, named = 0, lock_path = 0;
  int after_barrier = -1;
  long after_lock = -1;
  omp_lock_t lock;
  omp_init_lock(&lock);
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical
      hist[i % 16]++;
#pragma omp critical
      {
        dsum += x[i];
        count++;
      }
#pragma omp critical(named)
      named += i;
#pragma omp critical(table)
      table[bins[i]] += 2;
      if (i % 100 == 0) {
        /* not a sequence of updates: the lock, excluding the deferred
         * instances above when they are applied */
#pragma omp critical(named)
        if (i >= 0) {
          named += 1000000;
          lock_path++;
        }
      }
#pragma omp critical(squares)
      squares += x[i] * x[i];
    }
#pragma omp single
    after_barrier = hist[5];
    /* a thread's updates before an omp lock are applied before it */
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical(table)
      table[i % 8] += 1;
    }
    omp_set_lock(&lock);
    omp_unset_lock(&lock);
#pragma omp barrier
#pragma omp single
    after_lock = table[0];
  }
  omp_destroy_lock(&lock);
  printf("hist[5] %d after barrier %d\n", hist[5], after_barrier);
  printf("dsum %.2f squares %.4f count %ld\n", dsum, squares, count);
  printf("named %ld lock path %ld\n", named, lock_path);
  printf("table");
  for (int b = 0; b < 8; b++)
    printf(" %ld", table[b]);
  printf(" (after lock %ld)\n", after_lock);
  free(x);
  free(bins);
  free(table);
  return 0;
}
