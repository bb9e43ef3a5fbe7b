#include "error.h"

#include "format.h"
#include "sysio.h"

#include <errno.h>
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Which rank of how many this is (error is below every other module, so
 * it keeps its own copy). */
static struct {
  int rank, size;
  int known; /* set by err_set_rank, after MPI_Init */
} self = {0, 1, 0};

/* How deep the calling thread is in the SIGSEGV handler. */
static __thread int handler_depth;
/* The calling thread never flushes the program's files. */
static __thread int leaves_files_alone;

void err_set_rank(int rank, int size) {
  self.rank = rank;
  self.size = size;
  self.known = 1;
}

/* Before MPI_Init (the environment is read as the pool is set up, in the
 * first allocation): the rank the launcher gave this process, or 0. */
static int launcher_rank(void) {
  static const char *const names[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
    const char *v = getenv(names[i]);
    if (v && *v >= '0' && *v <= '9')
      return atoi(v);
  }
  return 0;
}

void err_leave_files_alone(void) { leaves_files_alone = 1; }

void err_handler_enter(void) { handler_depth++; }
void err_handler_leave(void) { handler_depth--; }

static void write_all(int fd, const char *buf, size_t len) {
  while (len > 0) {
    ssize_t n = sys_write(fd, buf, len);
    if (n <= 0)
      return;
    buf += n;
    len -= (size_t)n;
  }
}

void err_vprint(const char *tag, const char *fmt, va_list ap) {
  int saved_errno = errno;
  int rank = self.known ? self.rank : launcher_rank();
  /* A warning before MPI_Init is about the environment, which every rank
   * reads alike: rank 0 says it for all (it was printed once per rank,
   * every copy saying rank 0). */
  if (!self.known && rank != 0 && !strcmp(tag, "warning"))
    return;
  char buf[1024];
  size_t head = fmt_format(buf, sizeof buf - 1, "parade: %s: [rank %d] ", tag, rank);
  if (head > sizeof buf - 2)
    head = sizeof buf - 2;
  size_t len = head + fmt_vformat(buf + head, sizeof buf - 1 - head, fmt, ap);
  if (len > sizeof buf - 2)
    len = sizeof buf - 2;
  buf[len++] = '\n';
  write_all(STDERR_FILENO, buf, len);
  errno = saved_errno;
}

/* What the program printed must survive the end of the job: _exit and
 * MPI_Abort drop whatever stdio still buffers, and with stdout a file or a
 * pipe that is everything since the last 4 KiB. Not inside the signal
 * handler, though: the interrupted code may be inside stdio, holding a
 * stream's lock or halfway through its buffer. */
static void (*flush_stdout_locked)(void);

void err_on_flush(void (*fn)(void)) { flush_stdout_locked = fn; }

static void flush_user_output(void) {
  if (handler_depth)
    return;
  /* Another thread may hold stdout while it waits in a page fault for the
   * communication thread, which may be this one: never wait for it long. */
  for (int tries = 0; ftrylockfile(stdout) != 0; tries++) {
    if (tries == 100)
      return;
    struct timespec pause = {0, 1000 * 1000};
    nanosleep(&pause, NULL);
  }
  if (flush_stdout_locked)
    flush_stdout_locked();
  else
    fflush_unlocked(stdout);
  funlockfile(stdout);
  if (!leaves_files_alone)
    fflush(NULL); /* the program's own files */
}

/* Wait (up to 10 s) until the process at the other end of the pipe fd has
 * read everything in it, then a little longer for it to pass that on; a
 * terminal (Open MPI's stdout is a pty) or a socket gets a fixed pause.
 * Only system calls and nanosleep, which are async-signal-safe (this runs
 * in the fault handler too), and never a function of the program's own of
 * the same name (sysio.h). */
static void wait_for_reader(int fd) {
  struct stat st;
  if (sys_fstat(fd, &st) != 0 || S_ISREG(st.st_mode))
    return;
  struct timespec pass_on = {0, 50 * 1000 * 1000}, pause = {0, 200 * 1000 * 1000};
  if (!S_ISFIFO(st.st_mode)) {
    nanosleep(&pause, NULL);
    return;
  }
  struct timespec tick = {0, 5 * 1000 * 1000};
  for (int waited = 0; waited < 2000; waited++) {
    int unread = 0;
    if (sys_ioctl_int(fd, FIONREAD, &unread) != 0 || unread == 0)
      break;
    nanosleep(&tick, NULL);
  }
  nanosleep(&pass_on, NULL);
}

void err_abort_job(int status) {
  int up = 0, down = 0;
  if (MPI_Initialized(&up) == MPI_SUCCESS && up && MPI_Finalized(&down) == MPI_SUCCESS && !down &&
      self.size > 1) {
    /* The report just written sits in a pipe to the launcher's forwarder;
     * MPI_Abort has the launcher kill every process, and a forwarder killed
     * before it reads the pipe loses the report (seen with MPICH's hydra:
     * 1 run in 15 with a fixed pause of none, and once in a loaded CI run
     * with a pause of 200 ms). Wait until the forwarder has read it. */
    wait_for_reader(STDOUT_FILENO);
    wait_for_reader(STDERR_FILENO);
    MPI_Abort(MPI_COMM_WORLD, status);
  }
  _exit(status);
}

void err_fatal(const char *fmt, ...) {
  flush_user_output();
  va_list ap;
  va_start(ap, fmt);
  err_vprint("error", fmt, ap);
  va_end(ap);
  err_abort_job(1);
}

void err_fatal_status(int status, const char *fmt, ...) {
  flush_user_output();
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

void parade_error_directive(const char *message, int fatal) {
  if (fatal)
    err_fatal("error directive encountered%s%s", message ? ": " : "", message ? message : "");
  err_warn("error directive encountered%s%s", message ? ": " : "", message ? message : "");
}
