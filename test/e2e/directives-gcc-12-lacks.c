// OpenMP 5.x directives that had no end-to-end test, several of which gcc
// 12 does not build (begin declare target, declare mapper, the allocate
// directive, begin assumes), so the expected values are written here: they
// are what the same file prints compiled serially, without OpenMP. Each
// construct runs with its host meaning: the metadirective's chosen variant
// is a parallel loop over the whole team, target and teams run on the host
// team across the nodes, master taskloop simd runs its tasks on one node.
//
// REQUIRES: translator
// RUN: %paradecc -O1 %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 4 %t | FileCheck %s
// RUN: %paradecc -O1 -fparade-sync=lock %s -o %t.lock
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t.lock | FileCheck %s
// CHECK: metadirective total 8991 whole team 1
// CHECK-NEXT: nothing sum 8991
// CHECK-NEXT: allocate buf 2016
// CHECK-NEXT: target teams loop 1856
// CHECK-NEXT: target parallel loop 1503
// CHECK-NEXT: master taskloop simd 17982
// CHECK-NEXT: declare mapper 4950
// CHECK-NEXT: begin assumes 72
// CHECK-NEXT: dispatch 171
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#define SIZE 1000

#pragma omp begin declare target
static int scale(int v) { return 3 * v; }
#pragma omp end declare target

#pragma omp assumes holds(SIZE > 100)

typedef struct {
  int n;
  double *data;
} vec_t;
#pragma omp declare mapper(vec_t v) map(v, v.data[0 : v.n])

static int base_sum(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

#pragma omp begin assumes no_parallelism
static int first_ten(const int *a) { return base_sum(a, 10); }
#pragma omp end assumes

int main(void) {
  enum { N = SIZE };
  static int a[N];
  long total = 0;
  int team = 0, expected = omp_get_max_threads();

  // A condition the preprocessor can see: chosen as the file compiles.
#pragma omp metadirective when(user = {condition(SIZE > 100)} : parallel for reduction(+ : total) \
                                   reduction(max : team))                                 \
    otherwise(nothing)
  for (int i = 0; i < N; i++) {
    a[i] = scale(i % 7);
    total += a[i];
    team = omp_get_num_threads() > team ? omp_get_num_threads() : team;
  }
  printf("metadirective total %ld whole team %d\n", total, team == expected);

#pragma omp nothing
  printf("nothing sum %d\n", base_sum(a, N));

  int buf[64];
#pragma omp allocate(buf) allocator(omp_default_mem_alloc)
  for (int i = 0; i < 64; i++)
    buf[i] = i;
  printf("allocate buf %d\n", base_sum(buf, 64));

  long tl = 0;
#pragma omp target teams loop reduction(+ : tl) map(to : a)
  for (int i = 0; i < N; i++)
    tl += a[i] % 5;
  printf("target teams loop %ld\n", tl);

  long tl2 = 0;
#pragma omp target parallel loop reduction(+ : tl2) map(to : a)
  for (int i = 0; i < N; i++)
    tl2 += (a[i] + i) % 4;
  printf("target parallel loop %ld\n", tl2);

  long mts = 0;
#pragma omp parallel
#pragma omp master taskloop simd reduction(+ : mts) grainsize(50)
  for (int i = 0; i < N; i++)
    mts += a[i] * 2;
  printf("master taskloop simd %ld\n", mts);

  // The mapper is what a target uses for a vec_t; on the host it maps
  // nothing, and the data are the program's own.
  vec_t v = {100, malloc(100 * sizeof(double))};
  for (int i = 0; i < v.n; i++)
    v.data[i] = i;
  double vs = 0;
#pragma omp target map(tofrom : v) map(tofrom : vs)
  for (int i = 0; i < v.n; i++)
    vs += v.data[i];
  printf("declare mapper %.0f\n", vs);
  free(v.data);

  printf("begin assumes %d\n", first_ten(a));

  // A function without a variant: dispatch is the call.
  int d;
#pragma omp dispatch
  d = base_sum(a, 20);
  printf("dispatch %d\n", d);
  return 0;
}
