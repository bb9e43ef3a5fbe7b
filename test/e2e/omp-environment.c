// The OMP_* environment parade reads beyond the thread count, as libgomp
// does: OMP_DISPLAY_ENV (printed once for the job, by rank 0),
// OMP_NUM_THREADS as a list (nthreads-var of the next level inside a
// region), OMP_PLACES and OMP_PROC_BIND (each thread bound to its place:
// its CPU mask is the place's), OMP_DISPLAY_AFFINITY with
// OMP_AFFINITY_FORMAT (a thread shows itself once while nothing changes),
// and an invalid value ignored with a warning. Also the routines gcc 12
// lacks: lock hints, omp_in_explicit_task, omp_initial_device.
//
// REQUIRES: translator
// RUN: %paradecc %s -o %t
// RUN: env OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=true %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefix=ENV
// RUN: env OMP_NUM_THREADS=2 OMP_DISPLAY_ENV=verbose %t 2>&1 | FileCheck %s --check-prefix=VERBOSE
// RUN: env OMP_NUM_THREADS=2,3 %t 2>&1 | FileCheck %s --check-prefix=LIST
// RUN: env OMP_NUM_THREADS=2 OMP_PLACES=threads OMP_PROC_BIND=close %t 2>&1 | FileCheck %s --check-prefix=BIND
// RUN: env OMP_NUM_THREADS=3 OMP_PLACES='{0}:4:1' OMP_PROC_BIND=spread %t 2>&1 | FileCheck %s --check-prefix=BIND
// RUN: env OMP_NUM_THREADS=4 OMP_PLACES='0:2' OMP_PROC_BIND=close %t 2>&1 | FileCheck %s --check-prefixes=BIND,TWO
// RUN: env OMP_NUM_THREADS=4 OMP_THREAD_LIMIT=3 %t 2>&1 | FileCheck %s --check-prefix=LIMIT
// RUN: env OMP_NUM_THREADS=4 OMP_MAX_ACTIVE_LEVELS=0 %t 2>&1 | FileCheck %s --check-prefix=INACTIVE
// RUN: env OMP_NUM_THREADS=2 PARADE_TEST_SET_ICVS=1 %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefix=SET
// RUN: env OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true OMP_AFFINITY_FORMAT='shown %n of %N' %t 2>&1 | FileCheck %s --check-prefix=AFFINITY
// RUN: env OMP_NUM_THREADS=2 OMP_DISPLAY_AFFINITY=true OMP_AFFINITY_FORMAT='shown %n of %N' %t 2>/dev/null | FileCheck %s --check-prefix=AFFINITY-STDOUT
// RUN: env OMP_NUM_THREADS=2 OMP_PROC_BIND=sideways OMP_DYNAMIC=maybe %t 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: env OMP_NUM_THREADS=2 OMP_NESTED=true %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefix=NESTED-ENV
// RUN: env OMP_NUM_THREADS=2 PARADE_TEST_SET_NESTED=1 %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefix=NESTED-CALL
//
// ENV: OPENMP DISPLAY ENVIRONMENT BEGIN
// ENV-NEXT: _OPENMP = '202111'
// ENV: [host] OMP_NUM_THREADS = '2' (per rank; 2 ranks)
// ENV: [host] OMP_PROC_BIND = 'FALSE'
// ENV-NOT: PARADE_POOL_SIZE
// ENV: OPENMP DISPLAY ENVIRONMENT END
// ENV-NOT: OPENMP DISPLAY ENVIRONMENT
// ENV: max threads 4 in a region 4
// VERBOSE: [host] OMP_TARGET_OFFLOAD = 'DISABLED'
// VERBOSE: [host] PARADE_POOL_SIZE = ''
// VERBOSE: OPENMP DISPLAY ENVIRONMENT END
// LIST: max threads 2 in a region 3
// TWO: places=2
// BIND: binding: every thread on its place
// LIMIT: team of 3, thread limit 3
// INACTIVE: team of 1, thread limit
// SET: region threads seeing rank 0's omp_set_dynamic and default device: 4 of 4
// AFFINITY-COUNT-2: shown {{[01]}} of 2
// AFFINITY-NOT: shown
// AFFINITY: max threads 2
// The display goes to standard error, as libgomp's does.
// AFFINITY-STDOUT-NOT: shown
// AFFINITY-STDOUT: max threads 2
// INVALID-DAG: parade: warning: [rank 0] ignoring invalid value 'sideways' for OMP_PROC_BIND
// INVALID-DAG: parade: warning: [rank 0] ignoring invalid value 'maybe' for OMP_DYNAMIC
// INVALID: explicit task 0 1, hinted lock 2
// A program that asks for nested parallelism hears once, from rank 0, that
// it gets one active level (a sort relying on an inner team's threads
// left half its data unsorted without a word; libgomp's sort-1.c).
// NESTED-ENV: parade: warning: [rank 0] OMP_NESTED asks for nested parallelism: parade runs a parallel region inside another with one thread (one active level)
// NESTED-ENV-NOT: asks for nested parallelism
// NESTED-CALL: parade: warning: [rank 0] omp_set_nested asks for nested parallelism
// NESTED-CALL-NOT: asks for nested parallelism
#define _GNU_SOURCE
#include <omp.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int in_region = 0;
#pragma omp parallel
  {
#pragma omp single
    in_region = omp_get_max_threads();
  }
  printf("max threads %d in a region %d\n", omp_get_max_threads(), in_region);

  int team = 0;
#pragma omp parallel
  {
#pragma omp single
    team = omp_get_num_threads();
  }
  printf("team of %d, thread limit %d\n", team, omp_get_thread_limit());
  if (getenv("PARADE_TEST_SET_NESTED")) {
    omp_set_nested(1);
    omp_set_max_active_levels(3);
  }
  if (getenv("PARADE_TEST_SET_ICVS")) {
    omp_set_dynamic(1);
    omp_set_default_device(7);
    int seen = 0, threads = 0;
#pragma omp parallel reduction(+ : seen, threads)
    {
      seen += omp_get_dynamic() == 1 && omp_get_default_device() == 7;
      threads++;
    }
    printf("region threads seeing rank 0's omp_set_dynamic and default device: %d of %d\n",
           seen, threads);
  }
  if (omp_get_proc_bind() != omp_proc_bind_false) {
    int places = omp_get_num_places(), wrong = 0;
    printf("places=%d\n", places);
    if (places < 1)
      wrong = 1000;
#pragma omp parallel reduction(+ : wrong)
    {
      int me = omp_get_thread_num(), n = omp_get_num_threads();
      int expect = omp_get_proc_bind() == omp_proc_bind_spread || n > places
                       ? me * places / n
                       : me % places;
      if (omp_get_place_num() != expect)
        wrong++;
      cpu_set_t mine, place;
      pthread_getaffinity_np(pthread_self(), sizeof mine, &mine);
      CPU_ZERO(&place);
      int ids[CPU_SETSIZE];
      int count = omp_get_place_num_procs(expect);
      omp_get_place_proc_ids(expect, ids);
      for (int i = 0; i < count; i++)
        CPU_SET(ids[i], &place);
      if (count < 1 || !CPU_EQUAL(&mine, &place))
        wrong++;
    }
    if (wrong == 0)
      printf("binding: every thread on its place\n");
    else
      printf("binding: %d threads wrong\n", wrong);
  }

#pragma omp parallel
  { /* a second region of the same team: no second affinity line */
  }

  int explicit_in = 0;
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp task shared(explicit_in)
      explicit_in = omp_in_explicit_task();
#pragma omp taskwait
    }
  }
  omp_lock_t lock;
  omp_init_lock_with_hint(&lock, omp_sync_hint_contended | omp_sync_hint_speculative);
  int held = 0;
#pragma omp parallel
  {
    omp_set_lock(&lock);
    held++;
    omp_unset_lock(&lock);
  }
  omp_destroy_lock(&lock);
  if (omp_get_initial_device() != omp_get_num_devices() || omp_initial_device != -1)
    printf("wrong device numbers\n");
  printf("explicit task %d %d, hinted lock %d\n", omp_in_explicit_task(), explicit_in, held);
  return 0;
}
