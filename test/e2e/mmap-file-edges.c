// File mappings from the shared heap (see mmap-file-shared.c) at their
// edges, each of which a review found wrong:
// - a file opened O_APPEND: the write-back's pwrite appended, so the file
//   grew and kept its old contents;
// - the file written through its descriptor after the mmap, in bytes the
//   mapping did not change: the write-back put the mapping's stale copy
//   over them (the kernel's mapping shows the write, so gcc keeps it);
// - /dev/zero mapped privately or shared, the old idioms for anonymous
//   memory: zeroed shared-heap memory (not read like a file); any other
//   non-regular file is the C library's;
// - a writable shared mapping of a descriptor opened read-only fails with
//   EACCES at once, as the kernel's does, not at the write-back.
//
// REQUIRES: translator
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %compare-with-gcc %s -- %t/edges.dat | FileCheck %s
// CHECK: e2e: mmap-file-edges: all 5 configurations match gcc -fopenmp
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define N 4096

static long file_sum(int fd, long *count) {
  long v, sum = 0;
  *count = 0;
  for (off_t at = 0; pread(fd, &v, sizeof v, at) == sizeof v; at += sizeof v) {
    sum += v;
    ++*count;
  }
  return sum;
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "edges.dat";
  int fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_APPEND, 0600);
  long ones[N];
  for (int i = 0; i < N; i++)
    ones[i] = 1;
  if (fd < 0 || write(fd, ones, sizeof ones) != sizeof ones)
    return 1;
  long *a = mmap(NULL, sizeof ones, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (a == MAP_FAILED)
    return 2;
  // After the mmap, through the descriptor: the second half's first value.
  int rw = open(path, O_RDWR);
  long hundred = 100;
  if (rw < 0 || pwrite(rw, &hundred, sizeof hundred, (N / 2) * sizeof(long)) != sizeof hundred)
    return 3;
#pragma omp parallel for
  for (int i = 0; i < N / 2; i++) // the first half only
    a[i] = 2;
  int unmapped = munmap(a, sizeof ones);
  long count, sum = file_sum(rw, &count);
  struct stat st;
  fstat(rw, &st);
  printf("munmap %d size %ld values %ld sum %ld\n", unmapped, (long)st.st_size, count, sum);

  int zero = open("/dev/zero", O_RDWR);
  long *z = mmap(NULL, N * sizeof(long), PROT_READ | PROT_WRITE, MAP_PRIVATE, zero, 0);
  if (zero < 0 || z == MAP_FAILED)
    return 4;
  long zsum = 0;
#pragma omp parallel for reduction(+ : zsum)
  for (int i = 0; i < N; i++) {
    zsum += z[i];
    z[i] = i;
  }
#pragma omp parallel for reduction(+ : zsum)
  for (int i = 0; i < N; i++)
    zsum += z[(i + 7) % N];
  printf("dev/zero sum %ld\n", zsum);
  // Shared, the idiom for memory shared with children: the team's too.
  long *zs = mmap(NULL, N * sizeof(long), PROT_READ | PROT_WRITE, MAP_SHARED, zero, 0);
  if (zs == MAP_FAILED)
    return 5;
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    zs[i] = 3 * i;
  long zssum = 0;
#pragma omp parallel for reduction(+ : zssum)
  for (int i = 0; i < N; i++)
    zssum += zs[(i + 11) % N];
  printf("dev/zero shared sum %ld\n", zssum);

  int ro = open(path, O_RDONLY);
  errno = 0;
  void *w = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, ro, 0);
  printf("read-only fd: failed %d EACCES %d\n", w == MAP_FAILED, errno == EACCES);
  return 0;
}
