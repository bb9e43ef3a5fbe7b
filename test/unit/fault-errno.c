// The SIGSEGV handler leaves errno as the interrupted code left it, even
// when what it calls on the way sets errno: here the handler it chains to
// for a fault outside the pool (standing in for the futex and MPI calls of
// the fault path, which set it only in rare races).
//
// RUN: %cc-parade-internal
// RUN: %t 2>&1 | FileCheck %s
// CHECK: parade: warning: [rank 0] segmentation fault at address 0x{{[0-9a-f]+}} (outside the shared pool)
// CHECK: fault-errno: errno kept across 100 faults
#include "fault.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static char *page;
static size_t page_size;

/* The handler parade chains to: it opens the page, and on the way sets
 * errno, as any system call that fails does. */
static void previous(int sig, siginfo_t *info, void *uctx) {
  errno = EIO;
  mprotect(page, page_size, PROT_READ | PROT_WRITE);
}

int main(void) {
  page_size = (size_t)sysconf(_SC_PAGESIZE);
  page = mmap(NULL, page_size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = previous;
  action.sa_flags = SA_SIGINFO;
  sigaction(SIGSEGV, &action, NULL);
  fault_install();
  int changed = 0;
  for (int i = 0; i < 100; i++) {
    mprotect(page, page_size, PROT_NONE);
    errno = 4242 + i;
    ((volatile char *)page)[i] = 1;
    if (errno != 4242 + i)
      changed++;
  }
  if (changed) {
    printf("fault-errno: FAILED: errno changed across %d of 100 faults\n", changed);
    return 1;
  }
  printf("fault-errno: errno kept across 100 faults\n");
  return 0;
}
