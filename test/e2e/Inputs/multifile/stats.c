/* Reductions and updates on globals defined in other files. */
#include "common.h"

int bins[NBINS];
double weight = 0.25;

double checksum(void) {
  double sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < N; i++)
    sum += grid[i] * (1 + i % 3);
  return sum;
}

int thread_tallies(void) { return tp_calls; }

void tally(int i) {
  tp_calls++;
#pragma omp atomic
  bins[i % NBINS]++;
#pragma omp critical
  visits += 1 + (i % 2);
}
