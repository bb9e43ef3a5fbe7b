// The compiler's __sync_* and __atomic_* builtins on shared data are atomic
// on every node: a work queue claimed with __sync_fetch_and_add (Graph500's
// BFS), a maximum kept by compare-and-swap, counters with __atomic_fetch_*,
// a flag handed over with __atomic_store_n/__atomic_load_n, and the generic
// forms through pointers. They were refused (atomic among one process's
// threads only, they lost updates across ranks).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: atomic-builtins: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define N 4000
#define ATOMIC_INC(x) __sync_add_and_fetch(&(x), 1)

static int queue[N], claimed[N];
static long tail, counted, maxv = -1, bits, nanded = -1, swapped;
static unsigned char flag_set;
static int flag, handed;
struct pair {
  int a, b;
};
static struct pair shared_pair = {1, 2};

/* A load through a pointer to const (it wrote the value back before). */
static long load(const long *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }

int main(void) {
  long produced = 0;
#pragma omp parallel reduction(+ : produced)
  {
#pragma omp for schedule(dynamic, 7)
    for (int i = 0; i < N; i++) {
      if (i % 3 == 0) {
        long slot = __sync_fetch_and_add(&tail, 1);
        queue[slot] = i;
        produced++;
      }
      long v = (i * 7919L) % 10007;
      long seen = maxv;
      while (v > seen && !__sync_bool_compare_and_swap(&maxv, seen, v))
        seen = __atomic_load_n(&maxv, __ATOMIC_ACQUIRE);
      __atomic_fetch_add(&counted, 2, __ATOMIC_RELAXED);
      __atomic_or_fetch(&bits, 1L << (i % 40), __ATOMIC_SEQ_CST);
      if (i % 1000 == 0)
        __sync_fetch_and_and(&nanded, ~(1L << (i / 1000)));
      ATOMIC_INC(claimed[i % 16]);
    }
    // One thread hands a value to the last thread through a flag.
    int me = omp_get_thread_num(), last = omp_get_num_threads() - 1;
    if (me == 0) {
      handed = 42;
      __atomic_store_n(&flag, 1, __ATOMIC_RELEASE);
    }
    if (me == last)
      while (!__atomic_load_n(&flag, __ATOMIC_ACQUIRE))
        ;
    if (me == last && handed != 42)
      printf("hand-off lost\n");
#pragma omp barrier
#pragma omp single
    {
      struct pair expect = {1, 2}, want = {3, 4}, got;
      swapped += __atomic_compare_exchange(&shared_pair, &expect, &want, 0, __ATOMIC_SEQ_CST,
                                           __ATOMIC_SEQ_CST);
      __atomic_load(&shared_pair, &got, __ATOMIC_SEQ_CST);
      swapped += got.a == 3 && got.b == 4;
      long expected = 5;
      swapped += !__atomic_compare_exchange_n(&tail, &expected, 0, 0, __ATOMIC_SEQ_CST,
                                              __ATOMIC_SEQ_CST) &&
                 expected == tail;
      swapped += __atomic_test_and_set(&flag_set, __ATOMIC_SEQ_CST) == 0;
      swapped += __sync_val_compare_and_swap(&flag, 1, 7) == 1;
      __sync_synchronize();
      __atomic_thread_fence(__ATOMIC_SEQ_CST);
    }
  }
  long sum = 0, distinct = 0;
  for (long k = 0; k < tail; k++) {
    sum += queue[k];
    distinct += queue[k] % 3 == 0;
  }
  int claims = 0;
  for (int k = 0; k < 16; k++)
    claims += claimed[k];
  printf("loaded %ld\n", load(&counted));
  printf("tail %ld produced %ld sum %ld distinct %ld\n", tail, produced, sum, distinct);
  printf("max %ld counted %ld bits %lx nanded %lx claims %d swapped %ld flag %d\n", maxv, counted,
         bits, nanded, claims, swapped, flag);
  return 0;
}
