// A nested region is serialized, but it still runs inside an active one:
// omp_in_parallel and the active level say so, and an atomic update in it
// stays atomic against the other threads of the outer team. Before, the
// runtime took the nested team of one for the only thread running and
// applied the update without the lock (lost updates), and omp_in_parallel
// answered 0.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: nested-serialized: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

long hits;
int in_parallel = 1, active_level = 1, level = 2;

int main(void) {
#pragma omp parallel
  {
#pragma omp parallel
    {
      for (int i = 0; i < 500; i++) { /* each takes the atomic lock: 5,000 took over 300 s at 4x1 under load */
#pragma omp atomic
        hits++;
      }
      if (!omp_in_parallel())
#pragma omp atomic write
        in_parallel = 0;
      if (omp_get_active_level() != 1)
#pragma omp atomic write
        active_level = 0;
      if (omp_get_level() != 2)
#pragma omp atomic write
        level = 0;
    }
  }
  printf("nested: %ld updates per thread, in_parallel %d, active level ok %d, level ok %d\n",
         hits / omp_get_max_threads(), in_parallel, active_level, level / 2);
  return 0;
}
