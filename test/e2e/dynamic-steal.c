// Dynamic and guided loops balance across nodes: a thread whose node has
// run out of iterations takes a part of what another node has left. Here the
// iterations of the first half of each loop wait (usleep) and the others
// do not, so at P > 1 the last node runs dry first and must take
// iterations from node 0 (asserted through loop_steals: at least one over
// the run, as a loaded machine may delay a thief past a whole loop). Every
// iteration must still run exactly once, and lastprivate must come from
// the last iteration wherever it ran. schedule(monotonic: dynamic) takes
// nothing from other nodes: each thread's iterations must increase.
//
// REQUIRES: translator
// RUN: %paradecc -O2 %s -o %t
// RUN: rm -f %t.2.json %t.4.json
// RUN: env OMP_NUM_THREADS=2 PARADE_STATS=%t.2.json %mpirun -np 2 %t | FileCheck %s
// RUN: %python %S/../Inputs/check_stats_json.py %t.2.json 2 loop_iterations_stolen=1 loop_steals=1
// RUN: env OMP_NUM_THREADS=1 PARADE_STATS=%t.4.json %mpirun-tcp -np 4 %t | FileCheck %s
// RUN: %python %S/../Inputs/check_stats_json.py %t.4.json 4 loop_iterations_stolen=1 loop_steals=1
// RUN: env OMP_NUM_THREADS=3 %t | FileCheck %s
//
// CHECK: dynamic: every iteration once
// CHECK-NEXT: dynamic,3: every iteration once
// CHECK-NEXT: guided: every iteration once
// CHECK-NEXT: lastprivate: 95
// CHECK-NEXT: lastprivate loop: every iteration once
// CHECK-NEXT: monotonic: every iteration once
// CHECK-NEXT: monotonic: each thread's iterations in increasing order
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

enum { N = 96 };
int hits[N];

static void work(int i) {
  if (i < N / 2)
    usleep(2000);
  hits[i] += 1;
}

static void check(const char *name) {
  int ok = 1;
  for (int i = 0; i < N; i++) {
    ok &= hits[i] == 1;
    hits[i] = 0;
  }
  printf("%s: %s\n", name, ok ? "every iteration once" : "WRONG (an iteration lost or run twice)");
}

int main(void) {
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < N; i++)
    work(i);
  check("dynamic");
#pragma omp parallel for schedule(dynamic, 3)
  for (int i = 0; i < N; i++)
    work(i);
  check("dynamic,3");
#pragma omp parallel for schedule(guided)
  for (int i = 0; i < N; i++)
    work(i);
  check("guided");
  int last = -1;
#pragma omp parallel for schedule(dynamic) lastprivate(last)
  for (int i = 0; i < N; i++) {
    work(i);
    last = i;
  }
  printf("lastprivate: %d\n", last);
  check("lastprivate loop");
  int backwards = 0;
#pragma omp parallel reduction(+ : backwards)
  {
    int previous = -1;
#pragma omp for schedule(monotonic : dynamic)
    for (int i = 0; i < N; i++) {
      work(i);
      backwards += i < previous;
      previous = i;
    }
  }
  check("monotonic");
  printf("monotonic: %s\n", backwards ? "WRONG (a thread went back)"
                                      : "each thread's iterations in increasing order");
  return 0;
}
