// OMP_NUM_THREADS above the runtime's limit of threads per rank is an
// error at start-up that names the variable and the limit, before the
// program runs, not a failure at the first region nor a silent default
// (spaces around the number are allowed, as libgomp allows them); a team
// of exactly the limit runs.
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=5000 %expect-failure --within 60 -- %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=' 1025 ' %expect-failure --within 60 -- %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=5000,2 %expect-failure --within 60 -- %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1024 %t 2>&1 | FileCheck %s --check-prefix=LIMIT --implicit-check-not='parade:'
//
// CHECK-NOT: main ran
// CHECK: parade: error: [rank {{[0-9]+}}] OMP_NUM_THREADS={{ ?[0-9,]+ ?}} is too large (threads per rank, at most 1024)
// CHECK-NOT: main ran
// LIMIT: main ran
// LIMIT-NEXT: a team of 1024 threads ran
#include <parade.h>
#include <stdio.h>

static int ran;

static void region(void *arg) {
  __atomic_fetch_add(&ran, 1, __ATOMIC_RELAXED);
  parade_barrier();
}

static int app_main(int argc, char **argv) {
  printf("main ran\n");
  parade_parallel(region, NULL, 0, 0, 1);
  printf("a team of %d threads ran\n", ran);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
