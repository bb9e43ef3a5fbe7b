#include "error.h"

#include "node.h"

#include <mpi.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void write_all(int fd, const char *buf, size_t len) {
  while (len > 0) {
    ssize_t n = write(fd, buf, len);
    if (n <= 0)
      return;
    buf += n;
    len -= (size_t)n;
  }
}

void err_vprint(const char *tag, const char *fmt, va_list ap) {
  char buf[1024];
  int head = snprintf(buf, sizeof buf, "parade: %s: [rank %d] ", tag, node.rank);
  if (head < 0)
    return;
  int body = vsnprintf(buf + head, sizeof buf - (size_t)head - 1, fmt, ap);
  size_t len = (size_t)head + (body < 0 ? 0 : (size_t)body);
  if (len > sizeof buf - 2)
    len = sizeof buf - 2;
  buf[len++] = '\n';
  write_all(STDERR_FILENO, buf, len);
}

void err_abort_job(int status) {
  int up = 0, down = 0;
  if (MPI_Initialized(&up) == MPI_SUCCESS && up &&
      MPI_Finalized(&down) == MPI_SUCCESS && !down && node.size > 1) {
    /* The report just written sits in a pipe to the launcher's forwarder;
     * MPI_Abort has the launcher kill every process, and a forwarder killed
     * before it reads the pipe loses the report (seen with MPICH's hydra:
     * 1 run in 15). Give it a moment to drain; nanosleep is
     * async-signal-safe, so this holds in the fault handler too. */
    struct timespec drain = {0, 200 * 1000 * 1000};
    nanosleep(&drain, NULL);
    MPI_Abort(MPI_COMM_WORLD, status);
  }
  _exit(status);
}

void err_fatal(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err_vprint("error", fmt, ap);
  va_end(ap);
  err_abort_job(1);
}

void err_fatal_status(int status, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err_vprint("error", fmt, ap);
  va_end(ap);
  err_abort_job(status);
}

void err_warn(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  err_vprint("warning", fmt, ap);
  va_end(ap);
}
