#include "fault.h"

#include "error.h"
#include "hlrc.h"
#include "node.h"
#include "vm.h"

#include <signal.h>
#include <string.h>
#include <ucontext.h>

static struct sigaction previous_action;
static int installed;

/* x86 page-fault error code: bit 1 is set for a write access. */
static int is_write_fault(const ucontext_t *uc) {
#if defined(__x86_64__)
  return (uc->uc_mcontext.gregs[REG_ERR] & 2) != 0;
#else
#error "parade's fault handler needs the write bit of the fault for this architecture"
#endif
}

static void forward(int sig, siginfo_t *info, void *uctx) {
  if (sig == SIGSEGV && !vm_contains(&node.vm, info->si_addr)) {
    char buf[160];
    int len = snprintf(buf, sizeof buf,
                       "segmentation fault at address %p (outside the shared pool)",
                       info->si_addr);
    if (len > 0)
      err_warn("%s", buf);
  }
  if (previous_action.sa_flags & SA_SIGINFO) {
    previous_action.sa_sigaction(sig, info, uctx);
    return;
  }
  if (previous_action.sa_handler == SIG_IGN || previous_action.sa_handler == SIG_DFL) {
    /* Restore the default action; returning re-executes the access, which
     * now kills the process with the usual signal. */
    signal(sig, SIG_DFL);
    return;
  }
  previous_action.sa_handler(sig);
}

static void on_segv(int sig, siginfo_t *info, void *uctx) {
  if (!node.dsm_active || !vm_contains(&node.vm, info->si_addr) || info->si_code == SI_USER) {
    forward(sig, info, uctx);
    return;
  }
  hlrc_fault(vm_page_of(&node.vm, info->si_addr), is_write_fault(uctx));
}

void fault_install(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_sigaction = on_segv;
  action.sa_flags = SA_SIGINFO | SA_RESTART;
  sigemptyset(&action.sa_mask);
  if (sigaction(SIGSEGV, &action, &previous_action) != 0)
    err_fatal("cannot install the SIGSEGV handler");
  installed = 1;
}

void fault_uninstall(void) {
  if (installed)
    sigaction(SIGSEGV, &previous_action, NULL);
  installed = 0;
}
