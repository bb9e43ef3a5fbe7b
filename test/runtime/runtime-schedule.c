// omp_set_schedule changes what schedule(runtime) loops do, and
// omp_get_schedule reports it; OMP_SCHEDULE is the starting value. auto
// runs as static in blocks (libgomp runs it in chunks of 1; parade keeps a
// thread's iterations together, on the pages it writes), though
// omp_get_schedule reports chunk 1 for it, as libgomp does.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=2 OMP_SCHEDULE=guided,4 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 OMP_SCHEDULE=guided,4 %mpirun -np 2 %t | FileCheck %s
//
// RUN: env OMP_NUM_THREADS=2 OMP_SCHEDULE=auto %mpirun -np 2 %t | FileCheck %s --check-prefix=AUTO
//
// AUTO: start: kind 4 chunk 1, runtime loop in ranges of more than one: 1
// CHECK: start: kind 3 chunk 4, runtime loop in ranges of more than one: 1
// CHECK-NEXT: after set: kind 2 chunk 7, largest runtime-loop range 7
#include <omp.h>
#include <parade.h>
#include <stdio.h>

struct args {
  long long *largest;
};

static void region(void *arg) {
  const struct args *a = arg;
  parade_loop loop;
  long long lo, hi, largest = 0;
  parade_loop_begin(&loop, 1000, PARADE_SCHED_RUNTIME, 0);
  while (parade_loop_next(&loop, &lo, &hi))
    if (hi - lo > largest)
      largest = hi - lo;
  parade_reduce_var v = {&largest, 1, PARADE_LLONG, PARADE_OP_MAX};
  parade_allreduce(&v, 1);
  if (parade_thread_num() == 0)
    *a->largest = largest;
}

static int app_main(int argc, char **argv) {
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  struct args a = {parade_malloc(sizeof(long long))};
  parade_parallel(region, &a, sizeof a, 0, 1);
  printf("start: kind %d chunk %d, runtime loop in ranges of more than one: %d\n", (int)kind,
         chunk, *a.largest > 1);
  omp_set_schedule(omp_sched_dynamic, 7);
  omp_get_schedule(&kind, &chunk);
  parade_parallel(region, &a, sizeof a, 0, 1);
  printf("after set: kind %d chunk %d, largest runtime-loop range %lld\n", (int)kind, chunk,
         *a.largest);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
