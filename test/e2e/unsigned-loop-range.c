// Loops whose variables pass 2^63 (unsigned long) or whose range is wider
// than long long can count: the iteration count was taken in long long,
// so an unsigned loop from 2^63 - 5 to 2^63 + 5 ran no iteration at all,
// silently (sum 0 where gcc gives the ten values). Worksharing loops,
// collapse, taskloop and tile, ascending and descending. The expected line
// is the serial program's (gcc 12 -fopenmp miscounts n1 and s6: 0 and 0).
//
// REQUIRES: translator
// RUN: %paradecc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 3 %t | FileCheck %s
//
// CHECK: s1=995 last=4 s2=800 s3=1710 n1=11 s4=1194 s5=796 k=1 n2=3 s6=11179869160
#include <limits.h>
#include <stdio.h>

#define MID (1UL << 63)

int main(void) {
  unsigned long s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0;
  long n1 = 0, n2 = 0;
  unsigned long last = 0;
#pragma omp parallel for reduction(+ : s1) lastprivate(last)
  for (unsigned long i = MID - 5; i < MID + 5; i++) {
    s1 += i - (MID - 100);
    last = i;
  }
#pragma omp parallel for reduction(+ : s2)
  for (unsigned long i = MID + 7; i >= MID - 7; i -= 2)
    s2 += i - (MID - 100);
#pragma omp parallel for collapse(2) reduction(+ : s3)
  for (unsigned long i = ULONG_MAX - 3; i > ULONG_MAX - 9; i--)
    for (unsigned long long j = MID - 2; j <= MID + 2; j++)
      s3 += (ULONG_MAX - i) * 10 + (j - MID + 2);
  // A signed range wider than LLONG_MAX: the distance overflowed.
#pragma omp parallel for reduction(+ : n1)
  for (long i = LONG_MIN + 1; i < LONG_MAX - LONG_MAX / 4; i += LONG_MAX / 4)
    n1 += 1 + (i > 0);
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+ : s4) grainsize(2)
  for (unsigned long i = MID - 6; i != MID + 6; i++)
    s4 += i - (MID - 100);
#pragma omp parallel for reduction(+ : s5)
#pragma omp tile sizes(3)
  for (unsigned long i = MID - 4; i < MID + 4; i++)
    s5 += i - (MID - 100);
  unsigned long k;
#pragma omp parallel for lastprivate(k) reduction(+ : n2)
  for (k = ULONG_MAX - 10; k < ULONG_MAX - 2; k += 3)
    n2++;
#pragma omp parallel for reduction(+ : s6)
  for (unsigned int u = 4294967290u; u >= 1294967290u; u -= 1000000000u)
    s6 += u;
  printf("s1=%lu last=%lu s2=%lu s3=%lu n1=%ld s4=%lu s5=%lu k=%lu n2=%ld s6=%lu\n", s1,
         last - MID, s2, s3, n1, s4, s5, ULONG_MAX - k, n2, s6);
  return 0;
}
