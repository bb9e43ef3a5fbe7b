// A deferred atomic update (combined per thread, applied at the thread's
// next synchronisation) must stay visible to the thread that made it: an
// update whose object the region also reads outside atomics keeps the
// lock (a thread read its own element a[t] before its += 5 was applied,
// 80 of 80 wrong at 2x2), and an update of an object outside the pool, a
// local of the function, is applied at once (it was applied at the next
// barrier, into a stack frame that had been reused by then: the count came
// out wrong and another function's locals were corrupted). Found by review.
// A global that a called function reads keeps the lock too (peek() missed
// the thread's own increment: 100 of 100 wrong at 2x2), and so does one
// whose address went into a pointer the thread reads through (p[i] after
// acc[i] += 2: 1000 of 1000 wrong at 2x2; found by a helper acting as a
// new user).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: deferred-atomics-own-reads: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

int a[64];
int count;
double acc[200];
struct buf {
  double *v;
};

__attribute__((noinline)) static int peek(void) { return count; }

__attribute__((noinline)) static int count_local(int n) {
  int c = 0;
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    c += 1;
  }
  return c;
}

__attribute__((noinline)) static long victim(void) {
  volatile long buf[64];
  for (int i = 0; i < 64; i++)
    buf[i] = 1000 + i;
#pragma omp barrier
  long s = 0;
  for (int i = 0; i < 64; i++)
    s += buf[i];
  return s;
}

int main(void) {
  int own = 0, counts = 0, corrupt = 0, called = 0, aliased = 0;
  double *p = acc;
  struct buf sb = {acc + 100};
  double *q = sb.v;
#pragma omp parallel for reduction(+ : aliased)
  for (int i = 0; i < 200; i++) {
#pragma omp atomic
    acc[i] += 2.0;
    if (p[i] != 2.0)
      aliased++;
  }
#pragma omp parallel for reduction(+ : aliased)
  for (int i = 0; i < 100; i++) {
#pragma omp atomic
    sb.v[i] += 1.0;
    if (q[i] != 3.0)
      aliased++;
  }
#pragma omp parallel for reduction(+ : called)
  for (int i = 0; i < 100; i++) {
    int before = peek();
#pragma omp atomic
    count++;
    if (peek() < before + 1)
      called++;
  }
  for (int rep = 0; rep < 20; rep++) {
#pragma omp parallel reduction(+ : own)
    {
      int t = omp_get_thread_num();
      a[t] = 0;
#pragma omp atomic
      a[t] += 5;
      if (a[t] != 5)
        own++;
    }
  }
#pragma omp parallel reduction(+ : counts, corrupt)
  {
    for (int r = 0; r < 10; r++) {
      counts += count_local(10) != 10;
      corrupt += victim() != 64 * 1000 + 2016;
    }
  }
  printf("own reads that missed the update: %d (through a call: %d, a pointer: %d); wrong local "
         "counts: %d; corrupted stacks: %d; count %d\n",
         own, called, aliased, counts, corrupt, count);
  return 0;
}
