// Every reply (MSG_REPLY) names the wait slot of a thread that asked and
// still expects an answer; a reply whose slot index is out of range, or
// for a slot that expects none, is a protocol error, not a write somewhere
// past the slot table or a wake-up of a thread that asked nothing.
//
// RUN: %cc-parade-internal
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 60 -- %mpirun -np 2 %t far | FileCheck %s --check-prefixes=CHECK,RANGE
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 60 -- %mpirun -np 2 %t payload | FileCheck %s --check-prefixes=CHECK,RANGE
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 60 -- %mpirun -np 2 %t unused | FileCheck %s --check-prefixes=CHECK,RANGE
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 60 -- %mpirun -np 2 %t idle | FileCheck %s --check-prefixes=CHECK,IDLE
//
// RANGE: parade: error: [rank 1] protocol error: reply from rank 0 for wait slot {{[0-9]+}} ({{[0-9]+}} in use)
// IDLE: parade: error: [rank 0] protocol error: reply from rank 0 for wait slot {{[0-9]+}}, which expects none
// CHECK-NOT: not reached
#include "comm.h"
#include "proto.h"

#include <parade.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int app_main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "far";
  /* Far past the table, inside it but never handed to a thread, or the
   * slot of this thread, which asked nothing. */
  int idle = !strcmp(mode, "idle");
  uint64_t slot = !strcmp(mode, "unused") ? COMM_MAX_SLOTS - 1
                  : idle                  ? comm_slot_index(comm_my_slot())
                                          : 999999;
  uint64_t payload[4] = {1, 2, 3, 4};
  int with_payload = !strcmp(mode, "payload");
  struct msg_reply reply = {.value = 1, .slot = slot};
  comm_send(idle ? 0 : 1, msg_reply_pack(reply), with_payload ? payload : NULL,
            with_payload ? sizeof payload : 0);
  sleep(10); /* rank 1 ends the job long before this */
  printf("not reached\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
