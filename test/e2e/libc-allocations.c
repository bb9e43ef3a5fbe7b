// Memory the C library allocates for the program: getline's line (freed
// with free(), even at P = 1 that was "not in the shared heap"), memalign,
// valloc, pvalloc, reallocarray, strndup and asprintf blocks read by every
// rank in a region (they were private memory of rank 0: a segfault on the
// others), realpath's malloc'd result freed and reallocated.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: libc-allocations: all {{[0-9]+}} configurations match gcc -fopenmp
#define _GNU_SOURCE
#include <limits.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long sum_bytes(const unsigned char *p, long n) {
  long s = 0;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < n; i++)
    s += p[i];
  return s;
}

int main(void) {
  FILE *f = tmpfile();
  fputs("first line\nsecond, longer line of the file\nthird\n", f);
  rewind(f);
  char *line = NULL;
  size_t cap = 0;
  long lines = 0, chars = 0;
  ssize_t len;
  while ((len = getline(&line, &cap, f)) != -1) {
    lines++;
    chars += sum_bytes((unsigned char *)line, len);
  }
  free(line);
  rewind(f);
  char *field = malloc(4); // too small: getdelim must grow it
  size_t fcap = 4;
  len = getdelim(&field, &fcap, ',', f);
  long field_sum = sum_bytes((unsigned char *)field, len);
  free(field);
  fclose(f);

  unsigned char *a = memalign(64, 4096);
  unsigned char *v = valloc(8192);
  unsigned char *pv = pvalloc(100);
  for (int i = 0; i < 4096; i++)
    a[i] = (unsigned char)i;
  memset(v, 1, 8192);
  memset(pv, 2, 100);
  long aligned = ((unsigned long)a % 64 == 0) + ((unsigned long)v % 4096 == 0);
  long sums = sum_bytes(a, 4096) + sum_bytes(v, 8192) + sum_bytes(pv, 100);
  int *arr = reallocarray(NULL, 1000, sizeof *arr);
  for (int i = 0; i < 1000; i++)
    arr[i] = i;
  arr = reallocarray(arr, 2000, sizeof *arr);
  long arr_sum = 0;
#pragma omp parallel for reduction(+ : arr_sum)
  for (int i = 0; i < 1000; i++)
    arr_sum += arr[i];
  char *nd = strndup("parade-dsm", 6);
  char *fmt = NULL;
  int flen = asprintf(&fmt, "%s=%d", nd, 42);
  long text_sum = sum_bytes((unsigned char *)nd, (long)strlen(nd)) +
                  sum_bytes((unsigned char *)fmt, flen);
  char *rp = realpath("/", NULL);
  rp = realloc(rp, 64); // the C library's block, grown
  strcat(rp, "tmp");
  long rp_sum = sum_bytes((unsigned char *)rp, (long)strlen(rp));
  printf("lines %ld chars %ld field %ld aligned %ld sums %ld arr %ld text %s %s %ld rp %s %ld\n",
         lines, chars, field_sum, aligned, sums, arr_sum, nd, fmt, text_sum, rp, rp_sum);
  free(a);
  free(v);
  free(pv);
  free(arr);
  free(nd);
  free(fmt);
  free(rp);
  return 0;
}
