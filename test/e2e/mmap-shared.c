// Memory the program maps for itself and hands to a region: an anonymous
// mapping (Graph500's xalloc with USE_MMAP_LARGE) and a private read-only
// mapping of an input file. Both were in rank 0's address space only, so
// every other rank faulted outside the shared pool (SIGSEGV). With several
// ranks they now come from the shared heap. Found by a helper acting as a
// new user.
//
// REQUIRES: translator
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: mmap-shared: all 5 configurations match gcc -fopenmp
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define N 100000

int main(void) {
  size_t bytes = N * sizeof(long);
  long *a = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (a == MAP_FAILED)
    return 1;
  long zeros = 0;
#pragma omp parallel for reduction(+ : zeros)
  for (int i = 0; i < N; i++) {
    zeros += a[i] == 0;
    a[i] = 2L * i;
  }
  long sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < N; i++)
    sum += a[i];
  printf("anonymous: zeros %ld sum %ld unmapped %d\n", zeros, sum, munmap(a, bytes));

  // Aligned by unmapping the head and tail of a larger mapping: only the
  // parts go, the middle stays in use.
  size_t page = 4096, want = 8 * page;
  char *raw = mmap(NULL, want + 2 * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                   -1, 0);
  if (raw == MAP_FAILED)
    return 1;
  char *mid = raw + page;
  int heads = munmap(raw, page) + munmap(mid + want, page);
  long *m = (long *)mid;
  long msum = 0;
#pragma omp parallel for reduction(+ : msum)
  for (int i = 0; i < (int)(want / sizeof(long)); i++) {
    m[i] = i;
    msum += m[i];
  }
  char *other = malloc(want);
  memset(other, 7, want);
  long check = 0;
  for (int i = 0; i < (int)(want / sizeof(long)); i++)
    check += m[i];
  printf("aligned: unmapped %d sum %ld kept %d\n", heads, msum, check == msum);
  free(other);

  FILE *f = fopen("input.bin", "wb");
  for (int i = 0; i < 5000; i++) {
    int v = i % 97;
    fwrite(&v, sizeof v, 1, f);
  }
  fclose(f);
  int fd = open("input.bin", O_RDONLY);
  const int *in = mmap(NULL, 5000 * sizeof(int), PROT_READ, MAP_PRIVATE, fd, 0);
  if (in == MAP_FAILED)
    return 1;
  long total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < 5000; i++)
    total += in[i];
  printf("file: total %ld unmapped %d\n", total, munmap((void *)in, 5000 * sizeof(int)));
  close(fd);
  return 0;
}
