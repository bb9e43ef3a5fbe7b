// Standard output goes out in whole lines: a rank's stdout buffer flushed
// when full ended mid-line, and another rank's text was written between
// the two parts ("ititer 0032 sq 1024", 2 to 22 of 3000 lines per run at
// 2x1). The start of a line now waits for its end; a release or an
// explicit fflush sends it as it is (the prompt below). Found by a helper
// acting as a new user.
//
// REQUIRES: translator
// RUN: %paradecc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 4 %t | awk -f %S/Inputs/count-lines.awk | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | awk -f %S/Inputs/count-lines.awk | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun-tcp -np 3 %t | awk -f %S/Inputs/count-lines.awk | FileCheck %s
// CHECK: lines=3001 other=0 last=prompt: done
#include <stdio.h>

int main(void) {
#pragma omp parallel for schedule(dynamic, 3)
  for (int i = 0; i < 3000; i++)
    printf("iter %04d sq %d padding to make the lines longer than a few words\n", i, i * i);
  printf("prompt: ");
  fflush(stdout);
  printf("done\n");
  return 0;
}
