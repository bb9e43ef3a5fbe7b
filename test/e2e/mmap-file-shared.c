// A file mapped MAP_SHARED for writing and handed to a region (Graph500's
// USE_MMAP_LARGE_EXT, a file as large memory), built with
// _FILE_OFFSET_BITS=64 as Graph500 is (mmap is then mmap64, which #pragma
// redefine_extname did not rename). The mapping was in rank 0's address
// space only: every other rank faulted outside the shared pool. It now
// comes from the shared heap, read from the file, and goes back to the
// file at msync, at munmap and at exit. The check reads the file after
// each run; the last run exits without munmap. Found by a helper.
//
// REQUIRES: translator
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %compare-with-gcc %s -- %t/compare.dat munmap | FileCheck %s
// CHECK: e2e: mmap-file-shared: all 5 configurations match gcc -fopenmp
// RUN: %paradecc %s -o %t/prog
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t/prog %t/exit.dat exit
// RUN: %mpirun -np 1 %t/prog %t/exit.dat check | FileCheck %s --check-prefix=EXIT
// EXIT: file sum 9999900000 tail 199998
#define _FILE_OFFSET_BITS 64
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define N 100000

static long file_sum(const char *path, long *tail) {
  FILE *f = fopen(path, "rb"); // fopen64 here
  long v, sum = 0;
  while (f && fread(&v, sizeof v, 1, f) == 1) {
    sum += v;
    *tail = v;
  }
  if (f)
    fclose(f);
  return sum;
}

int main(int argc, char **argv) {
  const char *path = argc > 1 ? argv[1] : "shared.dat";
  const char *mode = argc > 2 ? argv[2] : "munmap";
  long tail = 0;
  if (!strcmp(mode, "check")) {
    long sum = file_sum(path, &tail);
    printf("file sum %ld tail %ld\n", sum, tail);
    return 0;
  }
  int fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
  if (fd < 0 || ftruncate(fd, N * sizeof(long)) != 0)
    return 1;
  long *a = mmap(NULL, N * sizeof(long), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  close(fd); // the mapping keeps the file
  if (a == MAP_FAILED)
    return 2;
  long zeros = 0;
#pragma omp parallel for reduction(+ : zeros)
  for (long i = 0; i < N; i++) {
    zeros += a[i] == 0;
    a[i] = 2 * i;
  }
  if (!strcmp(mode, "exit"))
    return 0;
  int synced = msync(a, N * sizeof(long), MS_SYNC);
  long after_sync = file_sum(path, &tail);
#pragma omp parallel for
  for (long i = 0; i < N; i++)
    a[i] += 1;
  int unmapped = munmap(a, N * sizeof(long));
  long after_unmap = file_sum(path, &tail);
  printf("zeros %ld msync %d sum %ld munmap %d sum %ld tail %ld\n", zeros, synced, after_sync,
         unmapped, after_unmap, tail);
  return 0;
}
