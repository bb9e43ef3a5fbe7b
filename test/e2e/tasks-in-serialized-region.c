// Tasks made in a serialized region (parallel if(0), or a region nested in
// another) complete by its end and by its taskwait. Since tasks were
// queued on a node with one thread, one made in a serialized region was
// queued too, and nothing ran it before the region ended: the sums below
// were 0 and the program read them too early (found by a review).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: tasks-in-serialized-region: all 5 configurations match gcc -fopenmp
#include <stdio.h>

int main(void) {
  int n = 8, sum = 0;
#pragma omp parallel if (n > 1000)
#pragma omp single
  for (int i = 1; i <= 10; i++) {
#pragma omp task firstprivate(i) shared(sum)
    {
#pragma omp atomic
      sum += i;
    }
  }
  printf("if(0) region: %d\n", sum);

  int bad = 0;
#pragma omp parallel reduction(+ : bad)
  {
    int inner = 0;
#pragma omp parallel shared(inner)
#pragma omp single
    for (int i = 1; i <= 10; i++) {
#pragma omp task firstprivate(i) shared(inner)
      {
#pragma omp atomic
        inner += i;
      }
    }
    bad += inner != 55;
    int waited = 0;
#pragma omp parallel shared(waited)
    {
#pragma omp task shared(waited)
      waited = 7;
#pragma omp taskwait
      bad += waited != 7;
    }
  }
  printf("nested regions: %d threads saw a task unfinished\n", bad);
  return 0;
}
