// taskloop and its forms: grainsize (plain and strict), num_tasks, nogroup
// with a taskwait, collapse, lastprivate (a variable and the loop
// variable), reduction, private inner loop variables, a pointer loop,
// master/masked taskloop, taskloop simd, parallel master taskloop with a
// reduction, task_reduction with in_reduction on task and taskloop, and a
// taskloop in serial code. Tasks (which run on the node that made them) read
// data that every node wrote, and shared data they write is read on all.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: taskloop: all 5 configurations match gcc -fopenmp
//
// Matching gcc does not show that tasks were made: every taskloop is
// outlined, and at 2 x 2 some of its tasks are queued and run later.
// RUN: %paradecc -Rparade %s -o %t.stats 2>&1 | FileCheck %s --check-prefix=REMARKS --implicit-check-not="runs its iterations at once"
// REMARKS-COUNT-10: creates tasks of its iterations
// RUN: env PARADE_STATS=1 OMP_NUM_THREADS=2 %mpirun -np 2 %t.stats 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: [rank 0] {{.*}} tasks_deferred={{[1-9][0-9]*}}
#include <omp.h>
#include <stdio.h>

#define N 1000

int a[N], b[N], tri[64][64], w[N];
long counted[N];

static long checksum(const int *v, int n) {
  long s = 0;
  for (int i = 0; i < n; i++)
    s = s * 31 + v[i];
  return s;
}

int main(void) {
  long sum = 0, sum2 = 0, tsum = 0, psum = 0;
  int last = -1, lastvar = -1, i, j;
  double prod = 1.0;

  long wsum = 0;
  // Written by every node's threads, then read by tasks that all run on
  // the node of the thread that made them.
#pragma omp parallel for
  for (int k = 0; k < N; k++)
    w[k] = k % 17;
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp taskloop reduction(+ : wsum) num_tasks(9)
      for (int k = 0; k < N; k++)
        wsum += w[k] * (k & 3);
#pragma omp taskloop grainsize(37)
      for (int k = 0; k < N; k++)
        a[k] = 3 * k + 1;
#pragma omp taskloop num_tasks(7) reduction(+ : sum) lastprivate(last)
      for (int k = 0; k < N; k++) {
        sum += a[k];
        last = a[k];
      }
#pragma omp taskloop grainsize(strict : 64) private(j) collapse(1)
      for (i = 0; i < 64; i++)
        for (j = 0; j < 64; j++)
          tri[i][j] = j <= i ? i - j : 0;
#pragma omp taskloop collapse(2) reduction(max : sum2)
      for (int x = 0; x < 64; x++)
        for (int y = 63; y >= 0; y -= 3)
          if (tri[x][y] + x > sum2)
            sum2 = tri[x][y] + x;
#pragma omp taskloop lastprivate(lastvar) nogroup
      for (lastvar = 0; lastvar < N; lastvar += 7)
        b[lastvar] = a[lastvar] * 2;
#pragma omp taskwait
    }
#pragma omp master taskloop reduction(* : prod)
    for (int k = 1; k <= 20; k++)
      prod *= 1.0 + 1.0 / k;
#pragma omp masked taskloop simd filter(0)
    for (int k = 0; k < N; k++)
      counted[k] = (long)a[k] + b[k];
  }

#pragma omp parallel master taskloop reduction(+ : psum) num_tasks(5)
  for (int k = 0; k < N; k++)
    psum += (long)a[k] * (k % 3);

#pragma omp parallel
#pragma omp single
  {
#pragma omp taskgroup task_reduction(+ : tsum)
    {
      for (int k = 0; k < 10; k++) {
#pragma omp task in_reduction(+ : tsum) firstprivate(k)
        tsum += k * 100;
      }
#pragma omp taskloop in_reduction(+ : tsum) grainsize(10)
      for (int k = 0; k < N; k++)
        tsum += a[k];
    }
  }

  int serial = 0;
  int *p;
#pragma omp taskloop reduction(+ : serial)
  for (p = a; p < a + N; p += 2)
    serial += *p % 7;

  printf("a %ld b %ld counted %ld\n", checksum(a, N), checksum(b, N), counted[N - 1]);
  printf("sum %ld last %d sum2 %ld lastvar %d\n", sum, last, sum2, lastvar);
  printf("wsum %ld\n", wsum);
  printf("tri %ld prod %.6f psum %ld tsum %ld serial %d\n", checksum(&tri[0][0], 64 * 64), prod,
         psum, tsum, serial);
  return 0;
}
