// write(2) to standard output in an ordered loop, mixed with printf: every
// rank's descriptor 1 is its own pipe to mpirun, which merges the ranks'
// pipes in no order, so the lines came out shuffled at P > 1 (at 4x1,
// "write 0, write 4, write 8, ..." in 6 of 10 runs). A write to the job's
// standard output now goes to rank 0 as stdout's text does, after what
// stdout holds. (Found by a sweep of OpenMP Examples style programs.)
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: ordered-write-descriptor: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
#pragma omp parallel for ordered schedule(static, 1)
  for (int i = 0; i < 48; i++) {
#pragma omp ordered
    {
      char line[64];
      int n = snprintf(line, sizeof line, "write %d\n", i);
      if (i % 3 == 0) { /* the start of the line the write ends */
        printf("printf %d, then ", i);
        fflush(stdout);
      }
      if (write(STDOUT_FILENO, line, (size_t)n) != n)
        printf("write failed\n");
    }
  }
  return 0;
}
