// Each runtime thread's alternate signal stack is mapped and unmapped by
// system calls, not through the mmap and munmap functions, which MPI
// libraries hook: UCX (MPICH's ch4:ucx) sends every munmap through one
// spinlock, and 1024 worker threads ending at once spun there for about
// 50 s on 2 cores (e2e/thread-limit.c at P = 1 with MPICH). This program
// defines mmap and munmap itself, as such a hook does, and counts the calls
// that map a stack (MAP_STACK) or unmap one of the team's alternate stacks,
// which each thread reads with sigaltstack inside a region.
//
// ThreadSanitizer maps its own memory through mmap, which this program's
// definition replaces (it crashed at start-up):
// UNSUPPORTED: tsan
//
// RUN: %cc-parade
// RUN: env OMP_NUM_THREADS=4 %t > %t.one
// RUN: FileCheck %s --check-prefixes=CHECK,ONE < %t.one
// RUN: FileCheck %s --check-prefix=NONE < %t.one
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t > %t.two
// RUN: FileCheck %s --check-prefixes=CHECK,TWO < %t.two
// RUN: FileCheck %s --check-prefix=NONE < %t.two
// ONE: rank 0: threads with an alternate stack: 4
// TWO: rank 0: threads with an alternate stack: 2
// CHECK: stacks mapped through mmap: 0
// CHECK: alternate stacks unmapped through munmap: 0
// NONE-NOT: through mmap: {{[1-9]}}
// NONE-NOT: through munmap: {{[1-9]}}
#include <parade.h>

#include <signal.h>
#include <stdlib.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_THREADS 64

static _Atomic int stacks_mapped, stacks_unmapped, seen;
static _Atomic uintptr_t alt_stacks[MAX_THREADS];

void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
  if (flags & MAP_STACK)
    atomic_fetch_add(&stacks_mapped, 1);
  return (void *)syscall(SYS_mmap, addr, len, prot, flags, fd, off);
}

int munmap(void *addr, size_t len) {
  uintptr_t lo = (uintptr_t)addr, hi = lo + len;
  for (int i = 0; i < MAX_THREADS; i++) {
    uintptr_t sp = atomic_load(&alt_stacks[i]);
    if (sp && sp >= lo && sp < hi)
      atomic_fetch_add(&stacks_unmapped, 1);
  }
  return (int)syscall(SYS_munmap, addr, len);
}

static void region(void *arg) {
  (void)arg;
  stack_t st;
  if (sigaltstack(NULL, &st) == 0 && !(st.ss_flags & SS_DISABLE)) {
    int i = atomic_fetch_add(&seen, 1);
    if (i < MAX_THREADS)
      atomic_store(&alt_stacks[i], (uintptr_t)st.ss_sp);
  }
}

static int app_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  parade_parallel(region, NULL, 0, 4, 1);
  printf("rank 0: threads with an alternate stack: %d\n", atomic_load(&seen));
  return 0;
}

/* Every rank, once its threads have ended (the runtime's exit handler,
 * registered after this one, runs first). */
static void report(void) {
  printf("stacks mapped through mmap: %d\n", atomic_load(&stacks_mapped));
  printf("alternate stacks unmapped through munmap: %d\n", atomic_load(&stacks_unmapped));
}

int main(int argc, char **argv) {
  atexit(report);
  return parade_main(argc, argv, app_main);
}
