// Running out of the shared heap is a clear error that ends the job, both
// in serial code and inside a region on another rank.
//
// RUN: %cc-parade
// RUN: env PARADE_POOL_SIZE=64M %expect-failure --within 60 -- %t | FileCheck %s
// RUN: env PARADE_POOL_SIZE=64M OMP_NUM_THREADS=1 %expect-failure --within 60 -- %mpirun -np 2 %t region | FileCheck %s --check-prefix=REGION
//
// CHECK: parade: error: [rank 0] shared heap exhausted: 1048576 bytes requested
// CHECK-NOT: not reached
// REGION: parade: error: [rank 1] shared heap exhausted
#include <parade.h>
#include <stdio.h>
#include <string.h>

static void region(void *arg) {
  if (parade_node_rank() == 1)
    for (;;)
      parade_malloc(1 << 20);
  parade_barrier();
}

static int app_main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "region")) {
    parade_parallel(region, NULL, 0, 0, 1);
  } else {
    for (int i = 0; i < 1000; i++)
      parade_malloc(1 << 20);
  }
  printf("not reached\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
