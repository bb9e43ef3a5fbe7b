// alloca buffers that other threads use: one made in a single and used by
// the whole team (Graph500 omp-csr's prefix-sum buffer), one made by serial
// code and handed to a region, and a function that allocas on every call,
// called more often than the pool could hold if its blocks were not freed
// as it returns. A thread's stack is its rank's alone, so the first two
// faulted on every other rank (documented as a limit); alloca now takes a
// block of the shared heap that lives until the calling function returns.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: alloca-shared: all 5 configurations match gcc -fopenmp
#include <alloca.h>
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define ALLOC_PREFIX_BUF(sz) alloca(sz)
#define N 1000

static long data[N];

static long prefix_total(void) {
  long *buf = NULL, total = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
#pragma omp single
    buf = ALLOC_PREFIX_BUF(nt * sizeof(*buf));
    long mine = 0;
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++)
      mine += data[i];
    buf[t] = mine;
#pragma omp barrier
#pragma omp single
    {
      for (int k = 0; k < nt; k++)
        total += buf[k];
    }
  }
  return total;
}

static long scaled_sum(int scale) {
  long *tmp = alloca(N * sizeof(long));
  long s = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    tmp[i] = data[i] * scale;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < N; i++)
    s += tmp[i];
  return s;
}

static int scratch(int k) {
  char *big = alloca(1 << 20); // 1 MiB on every call
  memset(big, k, 1 << 20);
  return big[(1 << 20) - 1];
}

int main(void) {
  for (int i = 0; i < N; i++)
    data[i] = i;
  long calls = 0;
  for (int k = 0; k < 3000; k++) // 3 GiB in all if never freed
    calls += scratch(k & 7);
  printf("prefix %ld scaled %ld scratch %ld\n", prefix_total(), scaled_sum(3), calls);
  return 0;
}
