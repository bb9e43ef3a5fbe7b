// A stack overflow is reported as one, in a team thread as in the initial
// thread and on any rank, and ends the job: the handler runs on an
// alternate signal stack, since the thread's own stack is used up.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 60 -- prlimit --stack=8388608 %t team | FileCheck %s --check-prefix=TEAM
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 60 -- prlimit --stack=8388608 %t main | FileCheck %s --check-prefix=MAIN
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 60 -- prlimit --stack=8388608 %mpirun -np 2 %t team | FileCheck %s --check-prefix=RANK1
//
// TEAM: parade: error: [rank 0] stack overflow in team thread 1 {{.*}}OMP_STACKSIZE
// TEAM-NOT: not reached
// MAIN: parade: error: [rank 0] stack overflow in the initial thread
// MAIN-NOT: not reached
// RANK1: parade: error: [rank 1] stack overflow in team thread 1 {{.*}}OMP_STACKSIZE
// RANK1-NOT: not reached
#include <parade.h>

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "../Inputs/deep_stack.h"

static void region(void *arg) {
  int wanted_rank = parade_node_count() - 1;
  if (parade_node_rank() == wanted_rank && parade_local_thread_num() == 1)
    printf("%d\n", recurse(INT_MAX));
  parade_barrier();
}

static int app_main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "main"))
    printf("%d\n", recurse(INT_MAX));
  else
    parade_parallel(region, NULL, 0, 0, 1);
  printf("not reached\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
