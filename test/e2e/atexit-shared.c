// The program's atexit handlers run while the DSM still serves: a handler
// that reads shared data written in a region, on several ranks, crashed
// with SIGSEGV because the job had been shut down (fault handler removed,
// MPI finalized) before exit() ran the handlers (found by review). The
// handler's output must come through, after main's.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: atexit-shared: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>

double g[1000];

static void bye(void) {
  double s = 0;
  for (int i = 0; i < 1000; i++)
    s += g[i];
  printf("atexit handler: sum %.0f\n", s);
}

int main(void) {
  atexit(bye);
#pragma omp parallel for
  for (int i = 0; i < 1000; i++)
    g[i] = i;
  printf("main returns\n");
  return 0;
}
