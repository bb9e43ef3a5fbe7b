// System calls whose buffers or paths are shared data that another rank
// wrote last, so that the page is protected here: the kernel answers
// EFAULT instead of faulting, and pread, getcwd and pipe returned -1 at
// 2x2 and 4x1 while the program went on with the buffer's old contents (a
// silent wrong result; found by a sweep of public-suite-style programs).
// Each call is made from serial code after a region in which every thread
// wrote the buffers, and again from a single in a region.
//
// REQUIRES: translator
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %compare-with-gcc %s -- %t | FileCheck %s
// CHECK: e2e: syscall-shared-buffers: all 5 configurations match gcc -fopenmp
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/utsname.h>
#include <unistd.h>

enum { N = 3 * 4096 };

char in[N], out[N], cwd[4096], path[4096], other[4096], link_target[4096];
int fds[2];
struct stat st;
struct utsname un;

/* Every thread writes its share of the buffers, so that another rank wrote
 * some of their pages last. */
static void scribble(int round) {
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    in[i] = (char)('a' + (i + round) % 26);
    out[i] = 0;
    if (i < 4096)
      cwd[i] = other[i] = link_target[i] = 'x';
    if (i < 2)
      fds[i] = -1;
  }
}

static int calls(const char *dir, int round) {
  int ok = 1;
  /* A path built in shared data, for open and the calls on paths. */
  snprintf(path, sizeof path, "%s/data-%d", dir, round);
  snprintf(other, sizeof other, "%s/moved-%d", dir, round);
  int fd = open(path, O_CREAT | O_RDWR | O_TRUNC, 0600);
  ok &= fd >= 0;
  ok &= pwrite(fd, in, N, 0) == N;
  ok &= pread(fd, out, N, 0) == N && memcmp(in, out, N) == 0;
  memset(out, 0, N);
  struct iovec iov[2] = {{out, N / 2}, {out + N / 2, N - N / 2}};
  ok &= lseek(fd, 0, SEEK_SET) == 0 && readv(fd, iov, 2) == N && memcmp(in, out, N) == 0;
  ok &= preadv(fd, iov, 2, 0) == N && memcmp(in, out, N) == 0;
  struct iovec wiov[1] = {{in, N}};
  ok &= pwritev(fd, wiov, 1, N) == N && lseek(fd, 0, SEEK_END) == 2 * N;
  ok &= fstat(fd, &st) == 0 && st.st_size == 2 * N;
  close(fd);
  ok &= stat(path, &st) == 0 && st.st_size == 2 * N && access(path, R_OK) == 0;
  ok &= rename(path, other) == 0 && access(path, F_OK) != 0;
  ok &= symlink(other, path) == 0 && readlink(path, link_target, sizeof link_target) ==
                                         (ssize_t)strlen(other);
  ok &= lstat(path, &st) == 0 && S_ISLNK(st.st_mode) && unlink(path) == 0 && remove(other) == 0;
  ok &= mkdir(path, 0700) == 0 && rmdir(path) == 0;
  ok &= getcwd(cwd, sizeof cwd) != NULL && strcmp(cwd, dir) == 0;
  ok &= pipe(fds) == 0 && write(fds[1], in, 16) == 16 && read(fds[0], out, 16) == 16 &&
        memcmp(in, out, 16) == 0;
  close(fds[0]);
  close(fds[1]);
  ok &= uname(&un) == 0 && un.sysname[0] != 'x';
  return ok;
}

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : ".";
  if (chdir(dir) != 0)
    return 2;
  scribble(0);
  printf("serial: %s\n", calls(dir, 0) ? "ok" : "wrong");
  scribble(1);
  int ok = 0;
#pragma omp parallel
  {
#pragma omp single
    ok = calls(dir, 1);
  }
  printf("in a single: %s\n", ok ? "ok" : "wrong");
  return 0;
}
