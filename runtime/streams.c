/* FILE * streams across ranks. A FILE * is private to the process that
 * opened it: a stream that rank 0 opened and left in shared data is a
 * dangling pointer on every other rank. The translator sends the C
 * library's stream functions here (#pragma redefine_extname); each checks
 * its stream first. Rank 0's standard streams map to this rank's own; a
 * write to a stream rank 0 opened goes to rank 0, which writes it there;
 * any other use of such a stream is a clear error naming the function and
 * the stream, instead of a crash inside the C library. */
#include "comm.h"
#include "error.h"
#include "node.h"
#include "parade.h"
#include "sysio.h"

#include <mpi.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- The streams rank 0 opened -------------------------------------------
 * A table in the pool, written by rank 0 only (in its serial code, as a
 * rule), read by the others: a release (a fork) publishes it. A stream not
 * in it may be one this rank opened itself, or one opened outside parade's
 * functions: it passes. */

#define TABLE_SIZE 1024

static void remember(FILE *f) {
  if (!f || node.rank != 0 || !node.streams.rank0_streams)
    return;
  pthread_mutex_lock(&node.streams.lock);
  for (size_t i = 0; i < TABLE_SIZE; i++)
    if (!node.streams.rank0_streams[i]) {
      node.streams.rank0_streams[i] = f;
      break;
    }
  pthread_mutex_unlock(&node.streams.lock);
}

static void forget(FILE *f) {
  if (node.rank != 0 || !node.streams.rank0_streams)
    return;
  pthread_mutex_lock(&node.streams.lock);
  for (size_t i = 0; i < TABLE_SIZE; i++)
    if (node.streams.rank0_streams[i] == f) {
      node.streams.rank0_streams[i] = NULL;
      break;
    }
  pthread_mutex_unlock(&node.streams.lock);
}

static int opened_by_rank0(FILE *f) {
  for (size_t i = 0; i < TABLE_SIZE; i++)
    if (node.streams.rank0_streams[i] == f)
      return 1;
  return 0;
}

/* ---- Standard output through rank 0 ----------------------------------------
 * Each rank's stdout is its own pipe to mpirun, which merges them with no
 * order: lines printed in an ordered loop, or under a lock in turn, came
 * out shuffled. Every rank's stdout (rank 0's too) is a stream whose text
 * goes to rank 0, which writes it; every release flushes stdout first, so
 * text printed before a release is out before anything that happens after
 * it. Text goes out in whole lines: a full buffer ends anywhere, and a
 * line cut there was written in two parts with another rank's text
 * between them. The part after a buffer's last newline waits for the rest
 * of its line, or for a release or an explicit flush, which send it as it
 * is (a prompt without a newline, or a line the program finishes after
 * synchronising, as with threads). */

/* The text of the stream after its last newline (under the stream's
 * lock, which glibc holds while it calls the stream's write function). */
static char *partial;
static size_t partial_len, partial_cap;
/* Rank 0: one writer at a time, whole units (its own threads' and the
 * communication thread's, for the text other ranks send). */
static pthread_mutex_t write_lock = PTHREAD_MUTEX_INITIALIZER;
/* Set while a release or an explicit flush flushes the stream. */
static __thread int flushing_all;

static void write_all(const char *buf, size_t len) {
  while (len > 0) {
    ssize_t n = sys_write(STDOUT_FILENO, buf, len);
    if (n <= 0)
      return;
    buf += n;
    len -= (size_t)n;
  }
}

static void write_unit(const char *buf, size_t len) {
  pthread_mutex_lock(&write_lock);
  write_all(buf, len);
  pthread_mutex_unlock(&write_lock);
}

/* Text for @p stream (0: standard output; else a stream rank 0 opened)
 * to rank 0, which writes it whole before it answers, and flushes the
 * stream after it if @p flush. Returns 0, or -1 if rank 0 has no such
 * stream open. */
static int send_to_rank0(uint64_t stream, int flush, const char *buf, size_t len) {
  if (!atomic_load(&node.streams.forwarding) || comm_is_comm_thread())
    return -1; /* after shutdown (rank 0 may be gone), or no one to answer */
  int status = 0;
  for (size_t done = 0; done < len || (flush && done == 0);) {
    size_t piece = len - done < (1u << 20) ? len - done : (1u << 20);
    struct wait_slot *slot = comm_my_slot();
    /* Copy first: the text may be shared data, and a fault while copying
     * uses this thread's slot for the page, so the slot is armed only
     * once nothing can fault before the send. */
    struct bundle out = {0};
    struct msg_output output = {
        .stream = stream, .flush = flush && done + piece == len, .slot = comm_slot_index(slot)};
    bundle_add(&out, msg_output_pack(output), buf + done, piece);
    comm_expect(slot, 1, NULL, 0);
    comm_send_bundle(0, &out);
    bundle_free(&out);
    comm_slot_wait(slot);
    if (slot->value != 0)
      status = -1;
    done += piece;
    if (piece == 0)
      break;
  }
  return status;
}

/* One unit of standard output to rank 0. */
static void send_unit(const char *buf, size_t len) {
  if (node.rank == 0 || !atomic_load(&node.streams.forwarding) || comm_is_comm_thread()) {
    /* The communication thread cannot wait for an answer only it would
     * receive (it flushes stdout on a fatal error): it writes directly,
     * as does everyone before start-up and after shutdown. */
    write_unit(buf, len);
    return;
  }
  send_to_rank0(0, 0, buf, len);
}

static void keep_partial(const char *buf, size_t len) {
  if (partial_len + len > partial_cap) {
    size_t cap = partial_cap ? partial_cap : 4096;
    while (cap < partial_len + len)
      cap *= 2;
    char *grown = realloc(partial, cap);
    if (!grown)
      err_fatal("out of memory keeping a line of standard output");
    partial = grown;
    partial_cap = cap;
  }
  memcpy(partial + partial_len, buf, len);
  partial_len += len;
}

/* The kept start of a line, with @p len bytes of @p buf after it, as one
 * unit. */
static void send_with_partial(const char *buf, size_t len) {
  if (partial_len == 0) {
    send_unit(buf, len);
    return;
  }
  keep_partial(buf, len);
  send_unit(partial, partial_len);
  partial_len = 0;
}

static ssize_t stdout_write(void *cookie, const char *buf, size_t len) {
  (void)cookie;
  /* Everything, when the program or a release flushes, or when no one
   * else writes. */
  if (flushing_all || !atomic_load(&node.streams.forwarding) || comm_is_comm_thread()) {
    send_with_partial(buf, len);
    return (ssize_t)len;
  }
  const char *last = memrchr(buf, '\n', len);
  size_t whole = last ? (size_t)(last - buf) + 1 : 0;
  if (whole)
    send_with_partial(buf, whole);
  /* A line longer than 1 MiB goes out in parts. */
  if (partial_len + (len - whole) > (1u << 20))
    send_with_partial(buf + whole, len - whole);
  else
    keep_partial(buf + whole, len - whole);
  return (ssize_t)len;
}

/* ---- Streams rank 0 opened, written on other ranks -------------------------
 * A thread on another rank that writes to a stream rank 0 opened writes to
 * a stream of its rank's own that stands for it (one per stream, made at
 * the first write), whose text goes to rank 0, which writes it to the
 * stream. It is sent at every release, as standard output's is, so that
 * what a thread wrote before a release is in rank 0's stream before
 * anything written after it; and at an fflush, which rank 0 then does
 * too. Only writes go this way: a read, a seek, fclose of such a stream on
 * another rank stay errors (stream()). */

#define FORWARDED_MAX 256

static struct {
  FILE *remote; /* rank 0's */
  FILE *local;  /* this rank's, whose text goes to rank 0 */
} forwarded[FORWARDED_MAX];
static _Atomic size_t nforwarded;

static ssize_t forwarded_write(void *cookie, const char *buf, size_t len) {
  return send_to_rank0((uint64_t)(uintptr_t)cookie, 0, buf, len) == 0 ? (ssize_t)len : -1;
}

/* The stream of this rank's that stands for @p remote, if made yet. */
static FILE *forwarded_find(FILE *remote) {
  size_t n = atomic_load(&nforwarded);
  for (size_t i = 0; i < n; i++)
    if (forwarded[i].remote == remote)
      return forwarded[i].local;
  return NULL;
}

/* The stream of this rank's that stands for @p remote, rank 0's. */
static FILE *forwarded_stream(FILE *remote) {
  FILE *local = forwarded_find(remote);
  if (local)
    return local;
  pthread_mutex_lock(&node.streams.lock);
  local = forwarded_find(remote);
  if (!local) {
    size_t n = atomic_load(&nforwarded);
    if (n == FORWARDED_MAX)
      err_fatal("more than %d streams that rank 0 opened are written on rank %d", FORWARDED_MAX,
                node.rank);
    cookie_io_functions_t io = {.write = forwarded_write};
    local = fopencookie(remote, "w", io);
    if (!local)
      err_fatal("cannot create the stream that sends a stream's text to rank 0");
    setvbuf(local, NULL, _IOFBF, 1 << 16);
    forwarded[n].remote = remote;
    forwarded[n].local = local;
    atomic_store(&nforwarded, n + 1);
  }
  pthread_mutex_unlock(&node.streams.lock);
  return local;
}

/* Send what this rank's streams that stand for rank 0's hold. */
static void flush_forwarded(void) {
  size_t n = atomic_load(&nforwarded);
  for (size_t i = 0; i < n; i++)
    fflush(forwarded[i].local);
}

/* Rank 0's communication thread: text another rank wrote to a stream of
 * rank 0's. It never waits for the stream's lock (a thread of rank 0 may
 * hold it, waiting in a page fault for this thread): text that finds it
 * taken waits, in order, for a later round. */
struct pending_text {
  struct pending_text *next;
  int src;
  struct msg_output output;
  size_t len;
  char text[];
};
static struct pending_text *pending_head, **pending_tail = &pending_head;

static int write_to_stream(const struct pending_text *p) {
  FILE *f = (FILE *)(uintptr_t)p->output.stream;
  if (!opened_by_rank0(f)) {
    comm_reply(p->src, p->output.slot, 1, NULL, 0); /* closed since */
    return 1;
  }
  if (ftrylockfile(f) != 0)
    return 0;
  int failed = p->len && fwrite_unlocked(p->text, 1, p->len, f) != p->len;
  if (p->output.flush && fflush_unlocked(f) != 0)
    failed = 1;
  funlockfile(f);
  comm_reply(p->src, p->output.slot, (uint64_t)failed, NULL, 0);
  return 1;
}

static int retry_pending_text(void) {
  int done = 0;
  while (pending_head && write_to_stream(pending_head)) {
    struct pending_text *p = pending_head;
    pending_head = p->next;
    if (!pending_head)
      pending_tail = &pending_head;
    free(p);
    done = 1;
  }
  return done; /* what is left waits for the next round */
}

static void on_output(int src, const struct msg_hdr *hdr, const void *payload) {
  struct msg_output output = msg_output_unpack(hdr);
  if (output.stream == 0) {
    write_unit(payload, (size_t)hdr->len);
    comm_reply(src, output.slot, 0, NULL, 0);
    return;
  }
  struct pending_text *p = malloc(sizeof *p + (size_t)hdr->len);
  if (!p)
    err_fatal("out of memory keeping text for a stream");
  p->next = NULL;
  p->src = src;
  p->output = output;
  p->len = (size_t)hdr->len;
  memcpy(p->text, payload, p->len);
  *pending_tail = p;
  pending_tail = &p->next;
  retry_pending_text();
}

/* The file descriptor 1 stood for at start-up (write(2) to it goes to
 * rank 0 too, unless the program has put another file there since). */
static struct stat stdout_at_start;

static void line_stdout(void) {
  if (node.rank == 0) {
    comm_register(MSG_OUTPUT, on_output);
    comm_register_poll(retry_pending_text);
  }
  if (fstat(STDOUT_FILENO, &stdout_at_start) != 0)
    stdout_at_start.st_ino = 0;
  cookie_io_functions_t io = {.write = stdout_write};
  FILE *f = fopencookie(NULL, "w", io);
  if (!f)
    err_fatal("cannot create the stream that sends standard output to rank 0");
  setvbuf(f, NULL, _IOFBF, 1 << 16);
  fflush(stdout);
  node.streams.forward = f;
  atomic_store(&node.streams.forwarding, 1);
  stdout = f;
}

/* ---- Standard input: rank 0's ------------------------------------------
 * mpirun gives the other ranks an empty standard input: a read there in a
 * region found end of file, silently, where the program expected rank
 * 0's input. It is an error that says where to read instead. */

/* The file a freopen of stdin on this rank gave it (parade_freopen), which
 * the stream reads from then on. */
static FILE *stdin_file;

static ssize_t stdin_read(void *cookie, char *buf, size_t size) {
  (void)cookie;
  if (stdin_file) {
    size_t n = fread(buf, 1, size, stdin_file);
    return n == 0 && ferror(stdin_file) ? -1 : (ssize_t)n;
  }
  err_fatal("standard input read on rank %d: standard input is rank 0's. Read it in serial "
            "code (or in a single or masked region that runs on rank 0) and keep what it read "
            "in shared data",
            node.rank);
}

static void rank0_stdin(void) {
  if (node.rank == 0)
    return;
  cookie_io_functions_t io = {.read = stdin_read};
  FILE *f = fopencookie(NULL, "r", io);
  if (!f)
    err_fatal("cannot create this rank's standard input stream");
  node.streams.no_stdin = f;
  stdin = f;
}

/* stdout's buffer and the kept start of a line (with the stream's lock
 * held: a thread blocked in a page fault may hold it while it waits for
 * the caller, so the error path only tries). */
static void flush_all_locked(void) {
  flushing_all = 1;
  fflush_unlocked(stdout);
  flushing_all = 0;
  if (partial_len && stdout == node.streams.forward) {
    send_unit(partial, partial_len);
    partial_len = 0;
  }
}

void streams_flush_stdout(void) {
  if (node.size == 1)
    return;
  flockfile(stdout);
  flush_all_locked();
  funlockfile(stdout);
  flush_forwarded();
}

int streams_write_stdout(int fd, const void *buf, size_t len) {
  if (fd != STDOUT_FILENO || node.size == 1 || !atomic_load(&node.streams.forwarding) ||
      comm_is_comm_thread() || stdout != node.streams.forward || !stdout_at_start.st_ino)
    return 0;
  struct stat now;
  if (fstat(STDOUT_FILENO, &now) != 0 || now.st_dev != stdout_at_start.st_dev ||
      now.st_ino != stdout_at_start.st_ino)
    return 0;
  /* What this rank printed before goes first, then the write, whole. */
  flockfile(stdout);
  flush_all_locked();
  if (len)
    send_unit(buf, len);
  funlockfile(stdout);
  return 1;
}

void streams_release(void) {
  if (node.size > 1 && !node.finished)
    streams_flush_stdout();
}

void streams_shutdown(void) {
  if (node.size == 1)
    return;
  streams_flush_stdout();
  atomic_store(&node.streams.forwarding, 0);
}

void streams_init(void) {
  if (node.size > 1) {
    line_stdout();
    err_on_flush(flush_all_locked);
    rank0_stdin();
  }
  /* stdout as the program sees it: the line stream. */
  FILE *mine[3] = {stdin, stdout, stderr};
  for (int i = 0; i < 3; i++)
    node.streams.rank0_std[i] = mine[i];
  if (node.size > 1) {
    MPI_Bcast(node.streams.rank0_std, (int)sizeof node.streams.rank0_std, MPI_BYTE, 0,
              MPI_COMM_WORLD);
    /* Every rank allocates it at this point: the same address on all. */
    node.streams.rank0_streams =
        parade_static_alloc(TABLE_SIZE * sizeof(FILE *), sizeof(FILE *), NULL);
  }
}

/* The stream @p f stands for on this rank. */
static FILE *stream(FILE *f, const char *function) {
  if (node.rank == 0 || !f || f == stdin || f == stdout || f == stderr)
    return f;
  if (f == node.streams.rank0_std[0])
    return stdin;
  if (f == node.streams.rank0_std[1])
    return stdout;
  if (f == node.streams.rank0_std[2])
    return stderr;
  if (node.streams.rank0_streams && opened_by_rank0(f))
    err_fatal("%s() on stream %p, which rank 0 opened: a FILE * belongs to the process "
              "that opened it, and this is rank %d. Open the file on each rank that uses "
              "it, or use the stream outside parallel regions",
              function, (void *)f, node.rank);
  return f;
}

FILE *parade_stream(FILE *f, const char *function) { return stream(f, function); }

/* @p f is a stream rank 0 opened, and this is another rank. */
static int is_rank0s(FILE *f) {
  return node.rank != 0 && node.streams.rank0_streams && f && opened_by_rank0(f);
}

/* The stream @p f stands for on this rank, for a write: a stream rank 0
 * opened stands for the stream whose text goes to it. */
static FILE *out_stream(FILE *f, const char *function) {
  return is_rank0s(f) ? forwarded_stream(f) : stream(f, function);
}

FILE *parade_out_stream(FILE *f, const char *function) { return out_stream(f, function); }

/* ---- Opening and closing ------------------------------------------------- */

/* A path or a command that the kernel reads, in open(2) or in a child's
 * execve(2): a private copy where it is shared data, which may not be
 * valid on this rank (the kernel answers EFAULT rather than faulting:
 * fopen of a file name another rank wrote returned NULL, "Bad address",
 * and popen's and system's shell failed in the child, where nobody sees
 * it). NULL where the original may be used; free() it. */
static char *private_string(const char *s) {
  if (!s || !parade_is_shared(s))
    return NULL;
  char *copy = strdup(s); /* reading it faults in its pages as any read */
  if (!copy)
    err_fatal("out of memory copying a path of %zu bytes", strlen(s));
  return copy;
}

FILE *parade_fopen(const char *path, const char *mode) {
  char *copy = private_string(path);
  FILE *f = fopen(copy ? copy : path, mode);
  free(copy);
  remember(f);
  return f;
}
FILE *parade_fdopen(int fd, const char *mode) {
  FILE *f = fdopen(fd, mode);
  remember(f);
  return f;
}
/* freopen of the stream that sends stdout to rank 0 (the C library's
 * freopen cannot reopen a stream of fopencookie: it crashed inside it):
 * the file takes rank 0's descriptor 1, where every rank's standard output
 * is written, and stdout stays the stream. */
static FILE *reopen_stdout(const char *path, const char *mode) {
  if (node.rank != 0)
    err_fatal("freopen() of standard output on rank %d: every rank's standard output is rank "
              "0's; redirect it in serial code",
              node.rank);
  streams_flush_stdout();
  if (!path)
    return stdout; /* a change of mode only */
  FILE *file = fopen(path, mode);
  if (!file)
    return NULL;
  pthread_mutex_lock(&write_lock);
  int ok = dup2(fileno(file), STDOUT_FILENO) >= 0;
  pthread_mutex_unlock(&write_lock);
  fclose(file);
  return ok ? stdout : NULL;
}

/* freopen of the stream that says stdin is rank 0's: it reads the file
 * from now on, and stays the stream the program holds, as freopen's does. */
static FILE *reopen_no_stdin(FILE *s, const char *path, const char *mode) {
  if (!path)
    return s; /* a change of mode only */
  FILE *file = fopen(path, mode);
  if (!file)
    return NULL;
  if (stdin_file)
    fclose(stdin_file);
  stdin_file = file;
  clearerr(s);
  return s;
}

FILE *parade_freopen(const char *path, const char *mode, FILE *f) {
  FILE *s = stream(f, "freopen");
  char *copy = private_string(path);
  if (copy)
    path = copy;
  FILE *r;
  if (node.size > 1 && s == node.streams.forward) {
    r = reopen_stdout(path, mode);
  } else if (s && s == node.streams.no_stdin) {
    r = reopen_no_stdin(s, path, mode);
  } else {
    forget(s);
    r = freopen(path, mode, s);
    remember(r);
  }
  free(copy);
  return r;
}
FILE *parade_tmpfile(void) {
  FILE *f = tmpfile();
  remember(f);
  return f;
}
/* The 64-bit entry points that _FILE_OFFSET_BITS=64 names (see
 * __wrap_mmap64 in alloc.c). */
FILE *__wrap_fopen64(const char *path, const char *mode) { return parade_fopen(path, mode); }
FILE *__wrap_freopen64(const char *path, const char *mode, FILE *f) {
  return parade_freopen(path, mode, f);
}
FILE *__wrap_tmpfile64(void) { return parade_tmpfile(); }
FILE *parade_popen(const char *command, const char *mode) {
  char *copy = private_string(command);
  FILE *f = popen(copy ? copy : command, mode);
  free(copy);
  remember(f);
  return f;
}
int parade_system(const char *command) {
  char *copy = private_string(command);
  int status = system(copy ? copy : command);
  free(copy);
  return status;
}
int parade_pclose(FILE *f) {
  FILE *s = stream(f, "pclose");
  forget(s);
  return pclose(s);
}
int parade_fclose(FILE *f) {
  FILE *s = stream(f, "fclose");
  forget(s);
  return fclose(s);
}

/* ---- Stream functions ---------------------------------------------------- */

int parade_vfprintf(FILE *f, const char *format, va_list ap) {
  return vfprintf(out_stream(f, "fprintf"), format, ap);
}
int parade_fprintf(FILE *f, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  int n = vfprintf(out_stream(f, "fprintf"), format, ap);
  va_end(ap);
  return n;
}
int parade_vfscanf(FILE *f, const char *format, va_list ap) {
  return vfscanf(stream(f, "fscanf"), format, ap);
}
int parade_fscanf(FILE *f, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  int n = vfscanf(stream(f, "fscanf"), format, ap);
  va_end(ap);
  return n;
}
int parade_fputs(const char *s, FILE *f) { return fputs(s, out_stream(f, "fputs")); }
int parade_fputc(int c, FILE *f) { return fputc(c, out_stream(f, "fputc")); }
int parade_putc(int c, FILE *f) { return putc(c, out_stream(f, "putc")); }
int parade_fgetc(FILE *f) { return fgetc(stream(f, "fgetc")); }
int parade_getc(FILE *f) { return getc(stream(f, "getc")); }
int parade_ungetc(int c, FILE *f) { return ungetc(c, stream(f, "ungetc")); }
int parade_fflush(FILE *f) {
  if (node.size > 1 && (!f || f == stdout || f == node.streams.rank0_std[1])) {
    streams_flush_stdout();
    if (f)
      return 0;
  }
  if (is_rank0s(f)) {
    /* Its text to rank 0, which flushes the stream. */
    FILE *local = forwarded_stream(f);
    int status = fflush(local);
    if (send_to_rank0((uint64_t)(uintptr_t)f, 1, NULL, 0) != 0)
      status = EOF;
    return status;
  }
  if (!f && node.size > 1 && node.rank != 0) {
    size_t n = atomic_load(&nforwarded);
    int status = fflush(NULL);
    /* One rank 0 has closed since answers an error: not this call's. */
    for (size_t i = 0; i < n; i++)
      send_to_rank0((uint64_t)(uintptr_t)forwarded[i].remote, 1, NULL, 0);
    return status;
  }
  return fflush(f ? stream(f, "fflush") : NULL);
}
int parade_feof(FILE *f) { return feof(stream(f, "feof")); }
int parade_ferror(FILE *f) { return ferror(out_stream(f, "ferror")); }
void parade_clearerr(FILE *f) { clearerr(out_stream(f, "clearerr")); }
int parade_fseek(FILE *f, long offset, int whence) {
  return fseek(stream(f, "fseek"), offset, whence);
}
long parade_ftell(FILE *f) { return ftell(stream(f, "ftell")); }
void parade_rewind(FILE *f) { rewind(stream(f, "rewind")); }
int parade_fileno(FILE *f) {
  /* stdout is a stream of parade's, with no descriptor of its own: the
   * rank's standard output is the one it stands for. */
  FILE *s = stream(f, "fileno");
  if (s && s == node.streams.forward)
    return STDOUT_FILENO;
  return fileno(s);
}
int parade_setvbuf(FILE *f, char *buf, int mode, size_t size) {
  return setvbuf(stream(f, "setvbuf"), buf, mode, size);
}
