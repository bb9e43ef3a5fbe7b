// A critical met once by every thread whose block is not a sequence of
// updates is replayed: every thread's inputs go to every node in one
// allgather, and each node runs the block for every thread in global
// thread order on its copy of the shared variables (runtime/replay.c).
// The maximum-with-location pattern, with ties broken by the lowest index
// (so the result does not depend on the order), a pooled local, a block
// with locals and an else branch; data other nodes wrote before the
// critical is read after the barrier that follows it.
//
// REQUIRES: translator
// RUN: %paradecc -Rparade -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=REMARK
// REMARK: critical-replay.c:[[@LINE+36]]:1: remark: critical replayed on every node: one allgather of 20 bytes of inputs per thread, 20 bytes of shared data
// REMARK: critical-replay.c:[[@LINE+43]]:1: remark: critical replayed on every node: one allgather of 8 bytes of inputs per thread, 16 bytes of shared data
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: critical-replay: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define N 2000
double best = -1.0;
int best_i = -1;
long count = 0;
int data[64];

int main(void) {
  int lo = N, hi = -1;
  double spread = 0;
#pragma omp parallel
  {
    double my = -1.0;
    int my_i = -1, t = omp_get_thread_num(), nt = omp_get_num_threads();
    long my_count = 0;
    for (int i = t; i < N; i += nt) {
      double v = (double)((i * 7919) % 1000);
      if (v > my || (v == my && i < my_i)) {
        my = v;
        my_i = i;
      }
      my_count++;
    }
    int mylo = N, myhi = -1;
    for (int i = t; i < N; i += nt) {
      int v = (i * 31) % 997;
      mylo = v < mylo ? v : mylo;
      myhi = v > myhi ? v : myhi;
    }
    data[t] = t + 1;
#pragma omp critical
    {
      if (my > best || (my == best && my_i < best_i)) {
        best = my;
        best_i = my_i;
      }
      count += my_count;
    }
#pragma omp critical(range)
    {
      int first = mylo;
      if (first < lo)
        lo = first;
      if (myhi > hi)
        hi = myhi;
      else
        spread += 0.5;
      spread = hi - lo;
    }
#pragma omp barrier
    int sum = 0;
    for (int k = 0; k < nt; k++)
      sum += data[k];
    if (sum != nt * (nt + 1) / 2)
      printf("thread %d read %d\n", t, sum);
  }
  printf("best %.0f at %d, count %ld; lo %d, spread %.0f\n", best, best_i, count, lo, spread);
  return 0;
}
