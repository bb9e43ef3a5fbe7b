// A pooled local named in its own initialiser (`int *p = malloc(n *
// sizeof *p);`) and in a macro (`assert(p)`, which turns it into a
// string): the declaration stays beside the pool storage, and its
// initialiser named the storage before it was declared (the translation
// did not compile; Marzolla's omp-list-ranking.c). The name in a kept
// declaration's initialiser is now the local's own; without the macro the
// declaration goes and the initialiser names the storage, as before.
// Found by a helper.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: self-named-initializer: all 5 configurations match gcc -fopenmp
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int n = 1000;
  int *rank = malloc(n * sizeof(*rank));
  assert(rank);
  double *w = malloc(n * sizeof *w);
  long total = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++) {
      rank[i] = n - i;
      w[i] = 0.5 * i;
    }
#pragma omp single
    {
      rank = rank + 1;
      w = w + 1;
    }
#pragma omp for reduction(+ : total)
    for (int i = 0; i < n - 1; i++)
      total += rank[i] + (long)w[i];
  }
  printf("total %ld\n", total);
  free(rank - 1);
  free(w - 1);
  return 0;
}
