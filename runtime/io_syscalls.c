/* System calls other than read and write whose buffers may be shared data.
 * The kernel answers EFAULT, rather than raising SIGSEGV, when a system
 * call meets a page that is protected here (not valid, or valid but not
 * writable): pread into a shared array returned -1 at P > 1, and the
 * program read on with its old contents. Each call here first makes its
 * buffers valid on this node by touching one byte of each of their pages
 * through the application view (an ordinary access, which faults and is
 * served like any other): a read for the buffers the kernel reads, a write
 * of the byte's own value for those it writes (the page becomes writable
 * here; the byte's value does not change, so no diff carries it). Another
 * thread of the node may drop a copy again before the call (an acquire
 * does), so a call that meets EFAULT on shared buffers touches and tries
 * again, a few times. */
#include "node.h"
#include "parade.h"
#include "team.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <unistd.h>

enum { TRIES = 4 };

/* Touch every pool page of [@p buf, @p buf + @p len): for writing if
 * @p write. Returns whether any page was in the pool. */
static int touch(const void *buf, size_t len, int write) {
  if (!node.dsm_active || !buf || len == 0)
    return 0;
  uintptr_t page = node.vm.page_size, at = (uintptr_t)buf, end = at + len;
  int shared = 0;
  while (at < end) {
    if (parade_is_shared((const void *)at)) {
      volatile char *byte = (volatile char *)at;
      char c = *byte;
      if (write)
        *byte = c;
      shared = 1;
    }
    at = (at / page + 1) * page;
  }
  return shared;
}

static int touch_string(const char *s) { return s && touch(s, strlen(s) + 1, 0); }

static int touch_iov(const struct iovec *iov, int count, int write) {
  if (!iov || count <= 0)
    return 0;
  int shared = touch(iov, (size_t)count * sizeof *iov, 0);
  for (int i = 0; i < count; i++)
    shared |= touch(iov[i].iov_base, iov[i].iov_len, write);
  return shared;
}

/* Run CALL (which sets ret) after TOUCHES (which say whether a buffer is
 * shared), again while it fails with EFAULT on shared buffers. */
#define WITH_BUFFERS_VALID(TOUCHES, CALL, FAILED)                                                  \
  do {                                                                                             \
    for (int tries_ = 0;; tries_++) {                                                              \
      int shared_ = (TOUCHES);                                                                     \
      CALL;                                                                                        \
      if (!(FAILED) || errno != EFAULT || !shared_ || tries_ == TRIES)                             \
        break;                                                                                     \
    }                                                                                              \
  } while (0)

ssize_t parade_pread(int fd, void *buf, size_t count, off_t offset) {
  ssize_t ret;
  WITH_BUFFERS_VALID(touch(buf, count, 1), ret = pread(fd, buf, count, offset), ret < 0);
  return ret;
}

ssize_t parade_pwrite(int fd, const void *buf, size_t count, off_t offset) {
  ssize_t ret;
  WITH_BUFFERS_VALID(touch(buf, count, 0), ret = pwrite(fd, buf, count, offset), ret < 0);
  return ret;
}

ssize_t parade_readv(int fd, const struct iovec *iov, int count) {
  ssize_t ret;
  WITH_BUFFERS_VALID(touch_iov(iov, count, 1), ret = readv(fd, iov, count), ret < 0);
  return ret;
}

ssize_t parade_writev(int fd, const struct iovec *iov, int count) {
  ssize_t ret;
  WITH_BUFFERS_VALID(touch_iov(iov, count, 0), ret = writev(fd, iov, count), ret < 0);
  return ret;
}

ssize_t parade_preadv(int fd, const struct iovec *iov, int count, off_t offset) {
  ssize_t ret;
  WITH_BUFFERS_VALID(touch_iov(iov, count, 1), ret = preadv(fd, iov, count, offset), ret < 0);
  return ret;
}

ssize_t parade_pwritev(int fd, const struct iovec *iov, int count, off_t offset) {
  ssize_t ret;
  WITH_BUFFERS_VALID(touch_iov(iov, count, 0), ret = pwritev(fd, iov, count, offset), ret < 0);
  return ret;
}

ssize_t parade_recv(int fd, void *buf, size_t len, int flags) {
  ssize_t ret;
  WITH_BUFFERS_VALID(touch(buf, len, 1), ret = recv(fd, buf, len, flags), ret < 0);
  return ret;
}

ssize_t parade_recvfrom(int fd, void *buf, size_t len, int flags, struct sockaddr *from,
                        socklen_t *fromlen) {
  ssize_t ret;
  WITH_BUFFERS_VALID(touch(buf, len, 1) | touch(fromlen, sizeof *fromlen, 1) |
                         touch(from, fromlen ? *fromlen : 0, 1),
                     ret = recvfrom(fd, buf, len, flags, from, fromlen), ret < 0);
  return ret;
}

ssize_t parade_send(int fd, const void *buf, size_t len, int flags) {
  ssize_t ret;
  WITH_BUFFERS_VALID(touch(buf, len, 0), ret = send(fd, buf, len, flags), ret < 0);
  return ret;
}

ssize_t parade_sendto(int fd, const void *buf, size_t len, int flags, const struct sockaddr *to,
                      socklen_t tolen) {
  ssize_t ret;
  WITH_BUFFERS_VALID(touch(buf, len, 0) | touch(to, tolen, 0),
                     ret = sendto(fd, buf, len, flags, to, tolen), ret < 0);
  return ret;
}

char *parade_getcwd(char *buf, size_t size) {
  char *ret;
  WITH_BUFFERS_VALID(touch(buf, size, 1), ret = getcwd(buf, size), ret == NULL);
  return ret;
}

ssize_t parade_readlink(const char *path, char *buf, size_t size) {
  ssize_t ret;
  WITH_BUFFERS_VALID(touch_string(path) | touch(buf, size, 1), ret = readlink(path, buf, size),
                     ret < 0);
  return ret;
}

int parade_pipe(int fds[2]) {
  int ret;
  WITH_BUFFERS_VALID(touch(fds, 2 * sizeof *fds, 1), ret = pipe(fds), ret < 0);
  return ret;
}

int parade_pipe2(int fds[2], int flags) {
  int ret;
  WITH_BUFFERS_VALID(touch(fds, 2 * sizeof *fds, 1), ret = pipe2(fds, flags), ret < 0);
  return ret;
}

int parade_stat(const char *path, struct stat *st) {
  int ret;
  WITH_BUFFERS_VALID(touch_string(path) | touch(st, sizeof *st, 1), ret = stat(path, st), ret < 0);
  return ret;
}

int parade_lstat(const char *path, struct stat *st) {
  int ret;
  WITH_BUFFERS_VALID(touch_string(path) | touch(st, sizeof *st, 1), ret = lstat(path, st), ret < 0);
  return ret;
}

int parade_fstat(int fd, struct stat *st) {
  int ret;
  WITH_BUFFERS_VALID(touch(st, sizeof *st, 1), ret = fstat(fd, st), ret < 0);
  return ret;
}

int parade_uname(struct utsname *name) {
  int ret;
  WITH_BUFFERS_VALID(touch(name, sizeof *name, 1), ret = uname(name), ret < 0);
  return ret;
}

int parade_gethostname(char *name, size_t len) {
  int ret;
  WITH_BUFFERS_VALID(touch(name, len, 1), ret = gethostname(name, len), ret < 0);
  return ret;
}

int parade_getrusage(int who, struct rusage *usage) {
  int ret;
  WITH_BUFFERS_VALID(touch(usage, sizeof *usage, 1), ret = getrusage(who, usage), ret < 0);
  return ret;
}

/* Calls that take a path: the kernel reads the string. */

int parade_open(const char *path, int flags, ...) {
  mode_t mode = 0;
  if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE) {
    va_list ap;
    va_start(ap, flags);
    mode = (mode_t)va_arg(ap, int);
    va_end(ap);
  }
  int ret;
  WITH_BUFFERS_VALID(touch_string(path), ret = open(path, flags, mode), ret < 0);
  return ret;
}

int parade_creat(const char *path, mode_t mode) {
  int ret;
  WITH_BUFFERS_VALID(touch_string(path), ret = creat(path, mode), ret < 0);
  return ret;
}

int parade_access(const char *path, int how) {
  int ret;
  WITH_BUFFERS_VALID(touch_string(path), ret = access(path, how), ret < 0);
  return ret;
}

int parade_unlink(const char *path) {
  int ret;
  WITH_BUFFERS_VALID(touch_string(path), ret = unlink(path), ret < 0);
  return ret;
}

int parade_remove(const char *path) {
  int ret;
  WITH_BUFFERS_VALID(touch_string(path), ret = remove(path), ret < 0);
  return ret;
}

int parade_rename(const char *from, const char *to) {
  int ret;
  WITH_BUFFERS_VALID(touch_string(from) | touch_string(to), ret = rename(from, to), ret < 0);
  return ret;
}

int parade_mkdir(const char *path, mode_t mode) {
  int ret;
  WITH_BUFFERS_VALID(touch_string(path), ret = mkdir(path, mode), ret < 0);
  return ret;
}

int parade_rmdir(const char *path) {
  int ret;
  WITH_BUFFERS_VALID(touch_string(path), ret = rmdir(path), ret < 0);
  return ret;
}

int parade_symlink(const char *target, const char *path) {
  int ret;
  WITH_BUFFERS_VALID(touch_string(target) | touch_string(path), ret = symlink(target, path),
                     ret < 0);
  return ret;
}

int parade_chdir(const char *path) {
  int ret;
  WITH_BUFFERS_VALID(touch_string(path), ret = chdir(path), ret < 0);
  if (ret == 0)
    team_directory_changed();
  return ret;
}
