/* The SIGSEGV handler: the only entry point from the application into the
 * DSM. Faults inside the pool go to hlrc_fault(); every other fault goes to
 * the handler that was installed before ours (MPI's, or the default), after
 * a one-line report, so a real crash still crashes and names itself.
 *
 * The handler runs on an alternate signal stack of the faulting thread, so
 * that a stack overflow in a thread the runtime started (the initial
 * thread, a team thread, the communication thread) can be reported as one
 * before the job ends. */
#ifndef PARADE_FAULT_H
#define PARADE_FAULT_H

#include <signal.h>

struct fault_state {
  struct sigaction previous_action; /* the handler we chain to */
  int installed;
};

/* Which thread a stack overflow report names. */
enum fault_thread { FAULT_INITIAL_THREAD, FAULT_TEAM_THREAD, FAULT_COMM_THREAD };

/* Install the handler (after MPI_Init, so MPI's handler is the one we
 * chain to). */
void fault_install(void);
void fault_uninstall(void);

/* Give the calling thread an alternate signal stack and note where its own
 * stack ends. Call it first thing in every thread the runtime runs;
 * @p index is the team thread's local number. */
void fault_thread_start(enum fault_thread kind, int index);
/* Undo fault_thread_start, before the thread ends. */
void fault_thread_end(void);

#endif
