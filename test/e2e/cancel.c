// cancel and cancellation point (for, parallel, sections, taskgroup) with
// cancellation disabled, the default: they do nothing, as with gcc, and
// cancel's if condition is still evaluated. OMP_CANCELLATION=true gets a
// warning, once: parade keeps cancellation disabled.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: cancel: all 5 configurations match gcc -fopenmp
// RUN: %paradecc %s -o %t.warn
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=2 %mpirun -np 2 %t.warn 2>&1 | FileCheck %s --check-prefix=WARN
// WARN: OMP_CANCELLATION=true: parade does not cancel; cancel constructs do nothing
// WARN: cancellation 0
// The warning is about the environment, which every rank reads alike:
// rank 0 says it once for all (each rank printed it, each saying rank 0).
// RUN: env OMP_CANCELLATION=true OMP_NUM_THREADS=1 %mpirun -np 4 %t.warn 2>%t.err >/dev/null
// RUN: FileCheck %s --check-prefix=ONCE < %t.err
// ONCE: warning: [rank 0] OMP_CANCELLATION=true: parade does not cancel
// ONCE-NOT: OMP_CANCELLATION
#include <omp.h>
#include <stdio.h>

#define N 1000

int data[N];
int evaluated;

static int note(int v) {
#pragma omp atomic
  evaluated++;
  return v;
}

int main(void) {
  int found = -1, tasks = 0, sections = 0;
  for (int i = 0; i < N; i++)
    data[i] = (i * 37) % 1000;
#pragma omp parallel
  {
#pragma omp for reduction(max : found)
    for (int i = 0; i < N; i++) {
      if (data[i] == 999 && i > found)
        found = i;
#pragma omp cancel for if (note(data[i] == 999))
#pragma omp cancellation point for
    }
#pragma omp sections reduction(+ : sections)
    {
#pragma omp section
      {
        sections += 1;
#pragma omp cancel sections
      }
#pragma omp section
      sections += 10;
    }
#pragma omp single
    {
#pragma omp taskgroup
      {
        for (int t = 0; t < 8; t++) {
#pragma omp task shared(tasks)
          {
#pragma omp atomic
            tasks++;
#pragma omp cancel taskgroup if (t == 3)
          }
        }
      }
    }
#pragma omp cancellation point parallel
  }
  printf("found %d evaluated %d sections %d tasks %d cancellation %d\n", found, evaluated,
         sections, tasks, omp_get_cancellation());
  return 0;
}
