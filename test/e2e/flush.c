// Flag synchronisation through flush, across nodes: a producer writes data
// and a flag, flushing both; a consumer spins on the flag with flush, then
// reads the data. Once with flush(list), once with a flush of everything,
// with the roles swapped. Before flush was an acquire too, the consumer on
// another node spun forever on its stale copy of the flag. The second pair
// says seq_cst (OpenMP 5.1), which Clang 19 does not parse: it failed to
// build (OpenMP_VV's test_flush_seq_cst; found by a helper).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: flush: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define N 3000
int data[N];
int flag_list, flag_all;

int main(void) {
  int ok_list = 1, ok_all = 1;
#pragma omp parallel
  {
    int me = omp_get_thread_num(), last = omp_get_num_threads() - 1;
    if (me == last) {
      for (int i = 0; i < N; i++)
        data[i] = i * 3;
#pragma omp flush(data)
      flag_list = 1;
#pragma omp flush(flag_list)
    }
    if (me == 0) {
      int f = 0;
      while (!f) {
#pragma omp flush(flag_list)
        f = flag_list;
      }
#pragma omp flush(data)
      for (int i = 0; i < N; i++)
        if (data[i] != i * 3)
          ok_list = 0;
    }
#pragma omp barrier
    if (me == 0) {
      for (int i = 0; i < N; i++)
        data[i] = i * 5;
#pragma omp flush
      flag_all = 1;
#pragma omp flush seq_cst
    }
    if (me == last) {
      int f = 0;
      while (!f) {
#pragma omp flush seq_cst
        f = flag_all;
      }
#pragma omp flush
      for (int i = 0; i < N; i++)
        if (data[i] != i * 5)
          ok_all = 0;
    }
  }
  printf("flush(list): %s\n", ok_list ? "consumer saw the data" : "STALE");
  printf("flush: %s\n", ok_all ? "consumer saw the data" : "STALE");
  return 0;
}
