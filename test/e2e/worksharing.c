// parallel, for (static, dynamic, guided, runtime), reduction, critical,
// atomic, master, single with copyprivate, sections, barrier, lastprivate,
// firstprivate: the results must equal gcc -fopenmp's.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: worksharing: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define N 2000
double a[N], b[N];
long hist[16];

int main(void) {
  double dot = 0.0;
  long count = 0, atomic_count = 0;
  int last = -1, offset = 7, secs[3] = {0, 0, 0};
  int broadcast = 0;
#pragma omp parallel
  {
#pragma omp for schedule(static)
    for (int i = 0; i < N; i++)
      a[i] = i * 0.25;
#pragma omp for schedule(dynamic, 7)
    for (int i = 0; i < N; i++)
      b[i] = 2.0 * a[i] + 1;
#pragma omp for schedule(guided) reduction(+:dot)
    for (int i = 0; i < N; i++)
      dot += a[i] * b[i];
#pragma omp for schedule(runtime) nowait
    for (int i = 0; i < N; i += 3)
      b[i] = -b[i];
#pragma omp critical
    count += 1;
#pragma omp atomic
    atomic_count += 2;
#pragma omp barrier
#pragma omp master
    hist[0] = count;
    int mine;
#pragma omp single copyprivate(mine)
    mine = 42;
#pragma omp critical(other)
    broadcast += mine == 42;
#pragma omp sections
    {
#pragma omp section
      secs[0] = 1;
#pragma omp section
      secs[1] = 2;
#pragma omp section
      secs[2] = 3;
    }
  }
  int i;
#pragma omp parallel for lastprivate(i, last) firstprivate(offset)
  for (i = 0; i < 100; i++)
    last = i + offset;
  double bsum = 0;
  for (int k = 0; k < N; k++)
    bsum += b[k];
  int threads_ok = count == atomic_count / 2 && count == hist[0] && broadcast == count;
  printf("dot=%.3f bsum=%.3f threads-consistent=%d i=%d last=%d secs=%d%d%d\n", dot, bsum,
         threads_ok, i, last, secs[0], secs[1], secs[2]);
  return 0;
}
