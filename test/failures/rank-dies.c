// A rank that dies in the middle of a region (killed, or a NULL
// dereference in user code) ends the whole job within seconds, with a
// non-zero status; no rank is left waiting in a barrier.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 60 -- %mpirun -np 3 %t kill | FileCheck %s --check-prefix=KILL
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 60 -- %mpirun -np 3 %t null | FileCheck %s --check-prefix=NULL
//
// KILL: expect_failure: exit status {{[1-9][0-9]*}}
// NULL: parade: warning: [rank 1] segmentation fault at address (nil) (outside the shared pool)
// NULL: expect_failure: exit status {{[1-9][0-9]*}}
#include <parade.h>

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct args {
  int mode;
};

static void region(void *arg) {
  const struct args *a = arg;
  if (parade_node_rank() == 1 && parade_local_thread_num() == 0) {
    usleep(100000);
    if (a->mode == 0)
      raise(SIGKILL);
    volatile int *null = NULL;
    *null = 1;
  }
  parade_barrier(); /* the other ranks wait here for rank 1 */
}

static int app_main(int argc, char **argv) {
  struct args a = {argc > 1 && !strcmp(argv[1], "null")};
  parade_parallel(region, &a, sizeof a, 0, 1);
  printf("not reached\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
