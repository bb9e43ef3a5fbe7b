// Every reply names the wait slot of the thread that asked for it; a reply
// whose slot index is out of range is a protocol error, whatever its type,
// not a write somewhere past the slot table.
//
// RUN: %cc-parade-internal
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 60 -- %mpirun -np 2 %t ack | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 60 -- %mpirun -np 2 %t grant | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 60 -- %mpirun -np 2 %t size | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 60 -- %mpirun -np 2 %t unused | FileCheck %s
//
// CHECK: parade: error: [rank 1] protocol error: {{.*}} from rank 0 for wait slot {{[0-9]+}}
// CHECK-NOT: not reached
#include "comm.h"
#include "proto.h"

#include <parade.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int app_main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "ack";
  uint32_t type = !strcmp(mode, "grant")  ? MSG_LOCK_GRANT
                  : !strcmp(mode, "size") ? MSG_SIZE_REP
                                          : MSG_DIFF_ACK;
  /* Far past the table, or inside it but never handed to a thread. */
  uint64_t slot = !strcmp(mode, "unused") ? COMM_MAX_SLOTS - 1 : 999999;
  comm_send(1, type, 0, 0, slot, NULL, 0);
  sleep(10); /* rank 1 ends the job long before this */
  printf("not reached\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
