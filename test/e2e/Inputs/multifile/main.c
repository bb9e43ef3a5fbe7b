/* The main file of a multi-file OpenMP program built by its own Makefile. */
#include <stdio.h>

#include "common.h"

long visits;
long tallied, mismatches;
const char *labels[2] = {"sum", "visits"};
double *grid_view = grid; /* a static initialiser holding another file's address */

int main(void) {
  double t0 = elapsed();
  int threads_seen = 0;
#pragma omp parallel
  {
#pragma omp single
    threads_seen = omp_get_num_threads() > 0;
    scratch[0] = omp_get_thread_num() + 1;
    relax(4);
#pragma omp for
    for (int i = 0; i < N; i++)
      tally(i);
#pragma omp atomic
    tallied += thread_tallies();
#pragma omp atomic
    mismatches += scratch_mismatches();
  }
  long seen = 0;
  for (int b = 0; b < NBINS; b++)
    seen += bins[b];
  printf("%s %.6f\n", labels[0], checksum());
  printf("%s %ld bins %ld\n", labels[1], visits, seen);
  printf("tallied %ld scratch mismatches %ld\n", tallied, mismatches);
  printf("threads_seen %d view %.3f timer_ok %d\n", threads_seen, grid_view[N / 2],
         elapsed() >= t0);
  return 0;
}
