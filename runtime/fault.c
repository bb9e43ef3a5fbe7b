#include "fault.h"

#include "error.h"
#include "format.h"
#include "hlrc.h"
#include "node.h"
#include "sysio.h"
#include "vm.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

/* The calling thread's stack and alternate signal stack. */
struct thread_stack {
  int known;
  enum fault_thread kind;
  int index;
  uintptr_t low, high; /* the usable stack */
  size_t guard;
  char *alt; /* mapping of the alternate stack, its guard page first */
  size_t alt_len;
};

static __thread struct thread_stack self;

/* x86 page-fault error code: bit 1 is set for a write access. */
static int is_write_fault(const ucontext_t *uc) {
#if defined(__x86_64__)
  return (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#else
#error "parade's fault handler needs the write bit of the fault for this architecture"
#endif
}

static uintptr_t stack_pointer(const ucontext_t *uc) {
#if defined(__x86_64__)
  return (uintptr_t)uc->uc_mcontext.gregs[REG_RSP];
#else
#error "parade's fault handler needs the stack pointer of the fault for this architecture"
#endif
}

/* A thread that overflows its stack faults just below it: in pthread's
 * guard pages, or, for the initial thread, where the kernel refuses to grow
 * the stack past its limit (frames are probed a page at a time, so a large
 * frame lands there too), with the stack pointer at the bottom already. */
static int is_stack_overflow(uintptr_t addr, uintptr_t sp) {
  if (!self.known)
    return 0;
  const uintptr_t near = 64 * 1024, below = self.guard + (1u << 20);
  return addr + below >= self.low && addr < self.low + near && sp < self.low + near;
}

static void report_stack_overflow(const siginfo_t *info, const ucontext_t *uc) {
  if (!is_stack_overflow((uintptr_t)info->si_addr, stack_pointer(uc)))
    return;
  size_t size = self.high - self.low;
  switch (self.kind) {
  case FAULT_TEAM_THREAD: {
    size_t suggested_mib = (2 * size + (1u << 20) - 1) >> 20;
    err_fatal("stack overflow in team thread %d (its stack is %zu bytes; give team threads "
              "more with OMP_STACKSIZE, for example OMP_STACKSIZE=%zuM)",
              self.index, size, suggested_mib);
  }
  case FAULT_COMM_THREAD:
    err_fatal("stack overflow in the communication thread (its stack is %zu bytes)", size);
  default:
    err_fatal("stack overflow in the initial thread (its stack is %zu bytes; raise the limit "
              "with ulimit -s)",
              size);
  }
}

static void forward(int sig, siginfo_t *info, void *uctx) {
  if (sig == SIGSEGV && !vm_contains(&node.vm, info->si_addr))
    err_warn("segmentation fault at address %p (outside the shared pool)", info->si_addr);
  if (node.fault.previous_action.sa_flags & SA_SIGINFO) {
    node.fault.previous_action.sa_sigaction(sig, info, uctx);
    return;
  }
  if (node.fault.previous_action.sa_handler == SIG_IGN ||
      node.fault.previous_action.sa_handler == SIG_DFL) {
    /* Restore the default action; returning re-executes the access, which
     * now kills the process with the usual signal. */
    signal(sig, SIG_DFL);
    return;
  }
  node.fault.previous_action.sa_handler(sig);
}

static void on_segv(int sig, siginfo_t *info, void *uctx) {
  /* The interrupted code may be between a system call and its test of
   * errno; the futex calls of the fault path must not change it. */
  int saved_errno = errno;
  err_handler_enter();
  if (node.dsm_active && vm_contains(&node.vm, info->si_addr) && info->si_code != SI_USER) {
    hlrc_fault(vm_page_of(&node.vm, info->si_addr), is_write_fault(uctx));
  } else {
    if (info->si_code != SI_USER)
      report_stack_overflow(info, uctx);
    forward(sig, info, uctx);
  }
  err_handler_leave();
  errno = saved_errno;
}

void fault_thread_start(enum fault_thread kind, int index) {
  self.kind = kind;
  self.index = index;
  pthread_attr_t attr;
  if (pthread_getattr_np(pthread_self(), &attr) == 0) {
    void *addr;
    size_t size, guard = 0;
    if (pthread_attr_getstack(&attr, &addr, &size) == 0) {
      pthread_attr_getguardsize(&attr, &guard);
      self.low = (uintptr_t)addr;
      self.high = self.low + size;
      self.guard = guard;
      self.known = 1;
    }
    pthread_attr_destroy(&attr);
  }
  /* The handler must not run on the stack it reports as used up. Room for
   * the error path down to MPI_Abort; a guard page below, so that running
   * out of this stack too faults instead of writing over a neighbour. */
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  long min = sysconf(_SC_SIGSTKSZ);
  size_t len = 128 * 1024;
  if (min > 0 && (size_t)min * 4 > len)
    len = ((size_t)min * 4 + page - 1) / page * page;
  /* By system call: every thread maps and unmaps one (sysio.h). */
  char *map = sys_mmap(NULL, len + page, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
  if (map == MAP_FAILED)
    err_fatal("cannot map an alternate signal stack of %zu bytes: %s", len, fmt_strerror(errno));
  mprotect(map, page, PROT_NONE);
  stack_t alt = {.ss_sp = map + page, .ss_size = len, .ss_flags = 0};
  if (sigaltstack(&alt, NULL) != 0)
    err_fatal("cannot install an alternate signal stack: %s", fmt_strerror(errno));
  self.alt = map;
  self.alt_len = len + page;
}

void fault_thread_end(void) {
  if (!self.alt)
    return;
  stack_t off = {.ss_flags = SS_DISABLE};
  sigaltstack(&off, NULL);
  sys_munmap(self.alt, self.alt_len);
  self.alt = NULL;
  self.known = 0;
}

void fault_install(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_segv;
  action.sa_flags = SA_SIGINFO | SA_RESTART | SA_ONSTACK;
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGSEGV, &action, &node.fault.previous_action) != 0)
    err_fatal("cannot install the SIGSEGV handler");
  node.fault.installed = 1;
}

void fault_uninstall(void) {
  if (node.fault.installed)
    sigaction(SIGSEGV, &node.fault.previous_action, NULL);
  node.fault.installed = 0;
}
