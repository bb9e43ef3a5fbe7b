/* The SIGSEGV handler: the only entry point from the application into the
 * DSM. Faults inside the pool go to hlrc_fault(); every other fault goes to
 * the handler that was installed before ours (MPI's, or the default), after
 * a one-line report, so a real crash still crashes and names itself. */
#ifndef PARADE_FAULT_H
#define PARADE_FAULT_H

/* Install the handler (after MPI_Init, so MPI's handler is the one we
 * chain to). */
void fault_install(void);
void fault_uninstall(void);

#endif
