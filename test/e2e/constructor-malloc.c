// A constructor of the program that allocates (before main, before the
// heap is cut into the ranks' arenas) gets shared memory: the job ended
// with "shared heap exhausted: 100 bytes requested, 0 bytes free". The
// block is at the same address on every rank, so what main writes into
// it reaches regions on every rank; it may be grown and freed. Found by a
// helper acting as a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: constructor-malloc: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int *buf;
char *name;
double *table;

__attribute__((constructor)) static void init(void) {
  buf = malloc(100 * sizeof *buf);
  name = strdup("constructed");
  table = aligned_alloc(64, 16 * sizeof *table); /* it ended the job too */
}

int main(void) {
  for (int i = 0; i < 100; i++)
    buf[i] = i;
  long s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < 100; i++)
    s += buf[i] + (long)strlen(name) + ((unsigned long)table % 64 == 0);
  buf = realloc(buf, 1000 * sizeof *buf);
  for (int i = 100; i < 1000; i++)
    buf[i] = 1;
  long t = 0;
#pragma omp parallel for reduction(+ : t)
  for (int i = 0; i < 1000; i++)
    t += buf[i];
  printf("%d %ld %ld %s\n", buf != NULL, s, t, name);
  free(buf);
  free(name);
  return 0;
}
