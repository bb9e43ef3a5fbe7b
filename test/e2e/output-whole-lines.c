// Lines printed by threads of several ranks reach standard output whole,
// as with one process: a rank's output buffer that filled in mid-line was
// sent to rank 0 as it was, and rank 0 wrote it between its own lines, so
// lines of different ranks were torn apart (27-38 of 8,000 at 4x1, found
// by review). Now only whole lines travel, the end of an unfinished line
// waits for the rest, and rank 0's own stdout is line-buffered. The check
// counts the lines that are not exactly as printed. With one thread per
// rank ('split'), each line is printed in two calls, so its end waits in
// the buffer; threads of one rank print whole lines in one call (two calls
// of two threads may interleave, with gcc too).
//
// REQUIRES: translator
// RUN: %paradecc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 4 %t split > %t.4x1
// RUN: %python %S/../Inputs/whole_lines.py %t.4x1 8000 | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t > %t.2x2
// RUN: %python %S/../Inputs/whole_lines.py %t.2x2 8000 | FileCheck %s
// CHECK: 8000 lines, all whole
#include <omp.h>
#include <stdio.h>

int main(int argc, char **argv) {
  int split = argc > 1;
#pragma omp parallel
  {
    int me = omp_get_thread_num();
    for (int i = 0; i < 2000; i++) {
      if (split) {
        printf("T%d line %04d ", me, i);
        printf("%s\n", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
      } else {
        printf("T%d line %04d %s\n", me, i, "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
      }
    }
  }
  return 0;
}
