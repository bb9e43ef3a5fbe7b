/* Defines the grid and relaxes it: orphaned work-sharing in a called function. */
#include "common.h"

double grid[N];
int scratch[4];

/* Each thread's scratch holds its own number (set in main.c). */
int scratch_mismatches(void) { return scratch[0] != omp_get_thread_num() + 1; }

void relax(int steps) {
  for (int s = 0; s < steps; s++) {
#pragma omp for
    for (int i = 0; i < N; i++)
      CELL(i) = CELL(i) * 0.5 + weight * (i % 7) + s;
  }
}
