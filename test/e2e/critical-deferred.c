// Critical blocks of updates met many times (in a loop) are deferred: each
// thread combines its updates and applies them under the critical's own
// lock at its next synchronisation. Here with a histogram, blocks of two
// updates (applied whole: a reader on the lock path never sees one half),
// a malloc'd table indexed through another array, a named critical whose
// other instance takes the lock (the two must still exclude each other),
// and a value read through a pointer. Read after the loop's barrier and
// at the end.
//
// A thread's table holds one lock's updates (merging two locks' would
// lose their order), so each loop here but one uses one name. The deferred form
// takes no lock in the loops: at 2x2 the lock is taken at each thread's
// synchronisations and around the lock-path instances, where every
// iteration of the first loop took 4 before (8,000 acquisitions). The
// nested region takes the lock for each of its 100 updates a rank, and
// the short loop that alternates two names one per switch: about 400
// in all, where any loop falling back to the lock adds 2,000 or more.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: critical-deferred: all 5 configurations match gcc -fopenmp
// RUN: %paradecc -O2 %s -o %t
// RUN: rm -f %t.json
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.json %mpirun -np 2 %t | FileCheck %s --check-prefix=OUT
// RUN: %python %S/../Inputs/check_stats_json.py %t.json 2 criticals_deferred=1000 "lock_acquires<=600"
// OUT: hist[5] 125 after barrier 125
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 2000 };
static int hist[16]; /* static: no int pointer of another file reaches it */

/* Called from a region: its own region is a team of one, whose barriers
 * apply nothing, so its updates are applied at once. */
static int per_thread[4][4], seen_after_loop[4];
static long wide[4096], odd, even;
static void nested(int t) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 100; i++) {
#pragma omp critical(nested)
      per_thread[t][i % 4]++;
    }
    seen_after_loop[t] = per_thread[t][0];
  }
}

int main(void) {
  double *x = malloc(N * sizeof *x);
  int *bins = malloc(N * sizeof *bins);
  long *table = calloc(8, sizeof *table);
  for (int i = 0; i < N; i++) {
    x[i] = (i % 7) * 0.25; /* sums of these are exact in any order */
    bins[i] = (i * 13) % 8;
  }
  double dsum = 0, squares = 0;
  long count = 0, named = 0, lock_path = 0, left = 0, right = 0, torn = 0;
  int after_barrier = -1;
  omp_lock_t lock;
  omp_init_lock(&lock);
#pragma omp parallel
  {
    /* one lock (the unnamed critical's) for every deferred update */
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical
      hist[i % 16]++;
#pragma omp critical
      {
        dsum += x[i];
        count++;
      }
#pragma omp critical
      squares += x[i] * x[i];
#pragma omp critical
      {
        left += 1;
        right += 1;
      }
      if (i % 100 == 0) {
        /* a reader on the lock path: a deferred block is applied whole */
#pragma omp critical
        if (left != right)
          torn++;
      }
    }
#pragma omp single
    after_barrier = hist[5];
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical(named)
      named += i;
      if (i % 100 == 0) {
        /* not a sequence of updates: the lock, excluding the deferred
         * instances above when they are applied */
#pragma omp critical(named)
        if (i >= 0) {
          named += 1000000;
          lock_path++;
        }
      }
    }
#pragma omp for
    for (int i = 0; i < N; i++) {
#pragma omp critical(table)
      table[bins[i]] += 2;
    }
    /* more objects than a thread's table holds: applied when it fills */
#pragma omp for
    for (int i = 0; i < 4 * N; i++) {
#pragma omp critical(wide)
      wide[(i * 7) % 4096] += i;
    }
    /* two names in turn: each switch applies the other's table */
#pragma omp for
    for (int i = 0; i < 40; i++) {
#pragma omp critical(odd)
      odd += i;
#pragma omp critical(even)
      even += 2 * i;
    }
    /* without the loop's barrier, applied at the lock, or the region's end */
#pragma omp for nowait
    for (int i = 0; i < N; i++) {
#pragma omp critical(table)
      table[i % 8] += 1;
    }
    omp_set_lock(&lock);
    omp_unset_lock(&lock);
  }
#pragma omp parallel num_threads(2)
  nested(omp_get_thread_num());
  omp_destroy_lock(&lock);
  printf("hist[5] %d after barrier %d\n", hist[5], after_barrier);
  printf("dsum %.2f squares %.4f count %ld\n", dsum, squares, count);
  printf("named %ld lock path %ld\n", named, lock_path);
  printf("left %ld right %ld torn %ld\n", left, right, torn);
  long wide_sum = 0;
  for (int b = 0; b < 4096; b++)
    wide_sum += wide[b] * (b % 13);
  printf("wide %ld odd %ld even %ld\n", wide_sum, odd, even);
  printf("nested %d %d, after the loop %d %d\n", per_thread[0][1], per_thread[1][3],
         seen_after_loop[0], seen_after_loop[1]);
  printf("table");
  for (int b = 0; b < 8; b++)
    printf(" %ld", table[b]);
  printf("\n");
  free(x);
  free(bins);
  free(table);
  return 0;
}
