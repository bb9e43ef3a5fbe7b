// A shared local that a region's body writes only through an asm output
// operand, or through a task's detach clause (which stores the event
// handle), was taken for read-only and passed to the region by value: the
// write went to a copy. gcc prints v=7 and the handle set; parade printed
// v=0, and a thread that fulfilled the shared handle stopped the job
// ("omp_fulfill_event: not an event of a detached task that is still
// pending"). (Found by a sweep of OpenMP Examples style programs.)
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: written-by-asm-or-detach: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

int produced[100];
int published;

int main(void) {
  int v = 0;
#pragma omp parallel
  {
#pragma omp single
    __asm__ volatile("" : "=r"(v) : "0"(7)); /* v = 7, on any target */
  }
  printf("asm output: v=%d\n", v);

  omp_event_handle_t ev = 0;
  long result = -1;
  int ran = 0;
#pragma omp parallel
  {
#pragma omp single nowait
    {
#pragma omp task detach(ev) shared(ran)
      ran = 1;
#pragma omp atomic write seq_cst
      published = 1;
    }
    /* Another thread (on another rank at P > 1) fulfils the event. */
#pragma omp for
    for (int i = 0; i < 100; i++) {
      produced[i] = i * 3;
      if (i == 77) {
        int seen = 0;
        while (!seen) {
#pragma omp atomic read seq_cst
          seen = published;
        }
        omp_fulfill_event(ev);
      }
    }
#pragma omp single
    {
#pragma omp taskwait
      long s = 0;
      for (int i = 0; i < 100; i++)
        s += produced[i];
      result = s + ran;
    }
  }
  printf("detach: handle set %d, result %ld\n", ev != 0, result);
  return 0;
}
