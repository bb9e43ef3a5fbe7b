// An OpenMP program built with paradecc may use names that the runtime uses
// internally: a constant table `node` (const data stays outside the pool
// under its own name), functions stats_report and comm_send, and globals
// vm_map and hlrc_barrier. It links, and at P = 2 each name means the
// program's own thing while the runtime keeps working.
//
// REQUIRES: translator
// RUN: %paradecc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=1 %mpirun -np 2 %t 2>%t.err | FileCheck %s
// RUN: FileCheck --check-prefix=ERR %s --implicit-check-not='parade: error' < %t.err
//
// CHECK: user-symbols: 4 threads, total 200, again 200, hlrc_barrier 3
// CHECK-NEXT: user stats_report
// CHECK-NOT: user stats_report
// ERR-DAG: parade: stats: [rank 0]
// ERR-DAG: parade: stats: [rank 1]
#include <omp.h>
#include <stdio.h>

const int node[4] = {10, 20, 30, 40};
long vm_map[16];
static int hlrc_barrier;

int comm_send(int value) { return 2 * value; }

/* The runtime's own has this very signature. */
void stats_report(void) { printf("user stats_report\n"); }

int main(void) {
  long total = 0;
  int threads = 0;
#pragma omp parallel reduction(+ : total)
  {
    int t = omp_get_thread_num();
    vm_map[t] = comm_send(node[t % 4]);
    total += vm_map[t];
#pragma omp single
    threads = omp_get_num_threads();
  }
  long again = 0;
  for (int t = 0; t < threads; t++)
    again += vm_map[t];
  hlrc_barrier = 3;
  printf("user-symbols: %d threads, total %ld, again %ld, hlrc_barrier %d\n", threads, total,
         again, hlrc_barrier);
  stats_report();
  return 0;
}
