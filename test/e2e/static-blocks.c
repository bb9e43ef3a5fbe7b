// schedule(static) without a chunk cuts the iterations into blocks as
// libgomp and libomp do: the first count % threads threads take one more.
// parade gave the remainder to the last threads, which OpenMP allows, but
// a program whose per-thread random streams depend on the blocks (the
// pi_mc solution of Mattson's exercises) printed another pi than gcc.
// Found by a helper.
//
// REQUIRES: translator
// RUN: %paradecc %s -o %t
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 3 %t | FileCheck %s --check-prefix=THREE
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s --check-prefix=FOUR
// THREE: t0: 0..333 (334)
// THREE-NEXT: t1: 334..666 (333)
// THREE-NEXT: t2: 667..999 (333)
// FOUR: t0: 0..250 (251)
// FOUR-NEXT: t1: 251..500 (250)
// FOUR-NEXT: t2: 501..750 (250)
// FOUR-NEXT: t3: 751..1000 (250)
#include <omp.h>
#include <stdio.h>

int main(void) {
  long lo[64], hi[64];
  int nt = 0;
#pragma omp parallel
  {
    int id = omp_get_thread_num();
    long l = -1, h = -1;
#pragma omp for schedule(static)
    for (long i = 0; i < 1000 + omp_get_num_threads() / 4; i++) {
      if (l < 0)
        l = i;
      h = i;
    }
    lo[id] = l;
    hi[id] = h;
#pragma omp single
    nt = omp_get_num_threads();
  }
  for (int t = 0; t < nt; t++)
    printf("t%d: %ld..%ld (%ld)\n", t, lo[t], hi[t], hi[t] - lo[t] + 1);
  return 0;
}
