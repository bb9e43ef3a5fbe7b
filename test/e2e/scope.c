// scope: every thread runs the block; its private variables are copies, its reduction combines every thread's partial over
// all nodes into the original, and the barrier at its end makes that
// visible to the threads after it (nowait drops it). In a region and
// orphaned in a function the region calls. Compared with gcc -fopenmp.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: scope: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

long total, orphan_total;
int data[100];

static void orphan(void) {
#pragma omp scope reduction(+ : orphan_total)
  orphan_total += 2;
}

int main(void) {
  int tmp = 5, seed = 11, wrong = 0;
  long threads = 0;
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    data[i] = i % 9;
#pragma omp parallel shared(wrong) reduction(+ : threads)
  {
    threads += 1;
#pragma omp scope private(tmp) reduction(+ : total)
    {
      tmp = omp_get_thread_num();
      for (int i = 0; i < 100; i++)
        total += data[i] * seed;
    }
    /* after the barrier, every thread sees the combined total */
    if (total != 396 * 11 * (long)omp_get_num_threads())
#pragma omp atomic
      wrong++;
    orphan();
#pragma omp scope nowait
    {
      int mine = 1;
      (void)mine;
    }
  }
  printf("total_per_thread=%ld orphan_per_thread=%ld tmp=%d seed=%d wrong=%d\n", total / threads,
         orphan_total / threads, tmp, seed, wrong);
  return 0;
}
