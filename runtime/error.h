/* The runtime's one error path. It never allocates: messages are formatted
 * into a stack buffer and written with write(2), so it is usable from the
 * SIGSEGV handler. A fatal error ends the whole job (MPI_Abort), never just
 * this rank, so no other rank is left waiting. */
#ifndef PARADE_ERROR_H
#define PARADE_ERROR_H

#include <stdarg.h>

/* Print "parade: error: [rank R] ..." and abort the whole job with status 1. */
void err_fatal(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* Like err_fatal, but the job ends with @p status. */
void err_fatal_status(int status, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 2, 3)));

/* Print "parade: warning: [rank R] ..." and continue. */
void err_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print "parade: <tag>: [rank R] ..." without ending anything. */
void err_vprint(const char *tag, const char *fmt, va_list ap);

/* End the job with @p status at once: MPI_Abort when MPI is up, else _exit. */
void err_abort_job(int status) __attribute__((noreturn));

#endif
