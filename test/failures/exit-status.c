// A non-zero return from main, or exit() from a thread inside a region,
// ends the whole job with that status; without mpirun the program just
// runs as one rank.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 60 --status 3 -- %mpirun -np 3 %t return | FileCheck %s --check-prefix=RETURN
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 60 --status 5 -- %mpirun -np 3 %t exit
// RUN: env OMP_NUM_THREADS=2 %t plain | FileCheck %s --check-prefix=PLAIN
//
// RETURN: main returns 3
// PLAIN: team of 2 on 1 rank
#include <parade.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void exit_region(void *arg) {
  if (parade_node_rank() == 2 && parade_local_thread_num() == 1)
    exit(5);
  parade_barrier();
}

static void count_region(void *arg) {
  if (parade_thread_num() == 0)
    printf("team of %d on %d rank\n", parade_num_threads(), parade_node_count());
}

static int app_main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "plain";
  if (!strcmp(mode, "return")) {
    printf("main returns 3\n");
    return 3;
  }
  if (!strcmp(mode, "exit"))
    parade_parallel(exit_region, NULL, 0, 0, 1);
  parade_parallel(count_region, NULL, 0, 0, 1);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
