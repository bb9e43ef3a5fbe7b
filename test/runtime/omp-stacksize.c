// OMP_STACKSIZE sets the stack of the team threads, as with gcc -fopenmp:
// a region whose worker needs 16 MiB of stack runs with OMP_STACKSIZE=32M
// (and 32768, in K by default) and overflows, clearly reported, with the
// usual 8 MiB. An invalid value is ignored with a warning, like libgomp.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=2 OMP_STACKSIZE=32M prlimit --stack=8388608 %t 2>&1 | FileCheck %s --check-prefix=BIG --implicit-check-not='parade:'
// RUN: env OMP_NUM_THREADS=2 OMP_STACKSIZE=32768 prlimit --stack=8388608 %t 2>&1 | FileCheck %s --check-prefix=BIG --implicit-check-not='parade:'
// RUN: env OMP_NUM_THREADS=2 OMP_STACKSIZE=32m prlimit --stack=8388608 %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefix=BIG --implicit-check-not='parade:'
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 60 -- prlimit --stack=8388608 %t | FileCheck %s --check-prefix=SMALL
// RUN: env OMP_NUM_THREADS=2 OMP_STACKSIZE=32Q %expect-failure --within 60 -- prlimit --stack=8388608 %t | FileCheck %s --check-prefix=INVALID
//
// BIG: deep recursion done on {{[24]}} threads
// SMALL: parade: error: [rank 0] stack overflow in team thread 1
// SMALL-NOT: deep recursion done
// INVALID: parade: warning: [rank 0] ignoring invalid value '32Q' for OMP_STACKSIZE
// INVALID: parade: error: [rank 0] stack overflow in team thread 1
#include <parade.h>

#include <stdio.h>

enum { DEPTH = 4096 }; /* 4096 levels of more than 4 KiB: over 16 MiB */

#include "../Inputs/deep_stack.h"

static int sums[2];

static void region(void *arg) {
  /* The last thread of the team is a worker, not the initial thread, on
   * one rank as on two. */
  if (parade_thread_num() == parade_num_threads() - 1)
    sums[parade_local_thread_num()] = recurse(DEPTH);
  parade_barrier();
  if (parade_thread_num() == 0)
    printf("deep recursion done on %d threads\n", parade_num_threads());
}

static int app_main(int argc, char **argv) {
  parade_parallel(region, NULL, 0, 0, 1);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
