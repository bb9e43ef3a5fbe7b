// A lock release with no write to another home's page due sends nothing,
// and must not walk the pages written since the last barrier to find that
// out. Serial code that wrote a large array and then took a lock in a
// loop (SimpleMOC-kernel's set-up: 36 MB, then 9.5 million rand() calls,
// each a release of the generator's lock) paid a walk of every page at
// every release: 69-103 s at 2x2 where gcc takes 0.7 s. The releases of
// rank 0's serial loop below now walk nothing; the region's releases,
// after writes of a page homed elsewhere, still do. Found by a helper.
//
// RUN: %paradecc -O2 %s -o %t
// RUN: rm -f %t.json
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.json %mpirun -np 2 %t | FileCheck %s
// RUN: %python %S/../Inputs/check_stats_json.py %t.json 2 release_walks=1 "release_walks<=100" lock_cached_acquires=500
// RUN: env OMP_NUM_THREADS=2 %t | FileCheck %s
//
// CHECK: serial 500 region {{[0-9]+}} sum 1835008
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

enum { WORDS = 1 << 19, PAIRS = 500 }; /* 4 MiB of longs */

static long counter;

int main(void) {
  long *a = malloc(WORDS * sizeof *a);
  for (long i = 0; i < WORDS; i++)
    a[i] = i % 8;
  omp_lock_t lock;
  omp_init_lock(&lock);
  long serial = 0;
  for (int k = 0; k < PAIRS; k++) {
    omp_set_lock(&lock);
    serial++;
    omp_unset_lock(&lock);
  }
#pragma omp parallel
  for (int k = 0; k < 10; k++) {
    omp_set_lock(&lock);
    counter++;
    omp_unset_lock(&lock);
  }
  long sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (long i = 0; i < WORDS; i++)
    sum += a[i];
  printf("serial %ld region %ld sum %ld\n", serial, counter, sum);
  omp_destroy_lock(&lock);
  free(a);
  return 0;
}
