/* The runtime's one error path. It never allocates: messages are formatted
 * into a stack buffer by the signal-safe formatter (format.h) and written
 * with write(2), so it is usable from the SIGSEGV handler. A fatal error
 * outside the handler flushes stdio first, so the program's output so far
 * is not lost. A fatal error ends the whole job (MPI_Abort), never just
 * this rank, so no other rank is left waiting. */
#ifndef PARADE_ERROR_H
#define PARADE_ERROR_H

#include <stdarg.h>

/* Print "parade: error: [rank R] ..." and abort the whole job with status 1.
 * The message may use the conversions format.h lists. */
void err_fatal(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* Like err_fatal, but the job ends with @p status. */
void err_fatal_status(int status, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 2, 3)));

/* Print "parade: warning: [rank R] ..." and continue. */
void err_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Print "parade: <tag>: [rank R] ..." without ending anything. */
void err_vprint(const char *tag, const char *fmt, va_list ap);

/* The SIGSEGV handler brackets its work with these. An error raised in
 * between leaves stdio alone: the interrupted code may be inside it. */
void err_handler_enter(void);
void err_handler_leave(void);

/* Say which rank of how many this process is (for the message prefix and
 * the way a job ends). */
void err_set_rank(int rank, int size);
/* The calling thread must never flush the program's files (it may run while
 * a program thread holds a FILE lock: the communication thread). */
void err_leave_files_alone(void);

/* End the job with @p status at once: MPI_Abort when MPI is up, else _exit. */
/* What flushes stdout on a fatal error, called with stdout locked (the
 * streams module keeps the start of a line back until its end; this sends
 * it too). */
void err_on_flush(void (*fn)(void));
void err_abort_job(int status) __attribute__((noreturn));

#endif
