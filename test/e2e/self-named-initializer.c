// A pooled local named in its own initialiser (`int *p = malloc(n *
// sizeof *p);`) and in a macro (`assert(p)`, which turns it into a
// string): the declaration stays beside the pool storage, and its
// initialiser named the storage before it was declared (the translation
// did not compile; Marzolla's omp-list-ranking.c). The name in a kept
// declaration's initialiser is now the local's own; without the macro the
// declaration goes and the initialiser names the storage, as before.
// Found by a helper. So for a name in another initialiser of the same
// declaration (`int *a = malloc(...), *b = malloc(n * sizeof *a);`,
// `int k = 0, m = (k = 3);` with assert naming one): it named the storage
// of a local declared after it. Found by a review.
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
  int *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *a);
  assert(b);
  int k = 0, m = (k = 3);
  assert(m == 3);
#pragma omp parallel
  {
#pragma omp single
    {
      int *t = a;
      a = b;
      b = t;
      k++;
      m += k;
    }
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
  printf("total %ld k %d m %d swapped %d\n", total, k, m, a != b);
  free(a);
  free(b);
  free(rank - 1);
  free(w - 1);
  return 0;
}
