// A collapsed loop whose inner bounds read an array of structs indexed by
// the outer variable (`nodes[t].starting`, NeoRodinia's bfs): Clang 19
// does not mark the nest non-rectangular, so the inner bounds were
// computed before `t` existed and gcc failed on the translation ("'t'
// undeclared", at a line past the end of the file). The translation now
// sees the outer variable itself and counts the iterations of each outer
// one, as for any bound that names it. (gcc refuses this bound, which
// OpenMP does not allow, so the values are checked as written here.)
//
// REQUIRES: translator
// RUN: %paradecc %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 4 %t | FileCheck %s
// CHECK: 0 1 12 13 14 35 46 47 48 49
#include <stdio.h>

struct node {
  int starting, no_of_edges;
};

int main(void) {
  struct node nodes[5] = {{0, 2}, {2, 3}, {5, 0}, {5, 1}, {6, 4}};
  int out[10] = {0}, n = 5;
#pragma omp parallel for collapse(2)
  for (int t = 0; t < n; t++)
    for (int i = nodes[t].starting; i < nodes[t].no_of_edges + nodes[t].starting; i++)
      out[i] = 10 * t + i;
  for (int i = 0; i < 10; i++)
    printf("%d ", out[i]);
  printf("\n");
  return 0;
}
