// A bad PARADE_* value is an error that names the variable; the job exits
// non-zero at once, on one rank or several.
//
// RUN: %cc-parade
// RUN: env PARADE_POOL_SIZE=banana %expect-failure --within 60 -- %t | FileCheck %s --check-prefix=SIZE
// RUN: env PARADE_MAP=mmap %expect-failure --within 60 -- %mpirun -np 2 %t | FileCheck %s --check-prefix=MAP
// RUN: env PARADE_STATS=yes %expect-failure --within 60 -- %t | FileCheck %s --check-prefix=STATS
//
// SIZE: parade: error: [rank {{[0-9]+}}] invalid value 'banana' for PARADE_POOL_SIZE
// MAP: parade: error: [rank {{[0-9]+}}] invalid value 'mmap' for PARADE_MAP
// STATS: parade: error: [rank {{[0-9]+}}] invalid value 'yes' for PARADE_STATS
#include <parade.h>
#include <stdio.h>

static int app_main(int argc, char **argv) {
  printf("ran anyway\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
