// omp_get_ancestor_thread_num(1) and omp_get_team_size(1) inside a
// serialized region nested in an active one answer for the active team:
// they answered for the inner level (0 and 1 on every thread, at every P).
// Found by a helper acting as a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: nested-ancestors: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <omp.h>
int bad = 0;
int main(void) {
  #pragma omp parallel num_threads(2) reduction(+:bad)
  {
    int outer = omp_get_thread_num();
    #pragma omp parallel num_threads(2)
    {
      if (omp_get_ancestor_thread_num(1) != outer) bad++;
      if (omp_get_team_size(1) != 2) bad++;
      if (omp_get_ancestor_thread_num(2) != omp_get_thread_num()) bad++;
      if (omp_get_team_size(2) != omp_get_num_threads()) bad++;
      if (omp_get_ancestor_thread_num(0) != 0 || omp_get_team_size(0) != 1) bad++;
    }
  }
  printf("bad=%d\n", bad);
  return 0;
}
