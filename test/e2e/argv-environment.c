// The program's arguments and environment are rank 0's private memory: a
// region that reads argv[1] or getenv()'s value on another rank faulted
// outside the pool. Both now reach regions through the shared heap.
//
// REQUIRES: translator
// RUN: env PARADE_TEST_MODE=environment-value %compare-with-gcc %s -- hello-world | FileCheck %s
// CHECK: e2e: argv-environment: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long checksum(const char *text) {
  long n = (long)strlen(text), s = 0;
#pragma omp parallel for reduction(+ : s)
  for (long i = 0; i < 4 * n; i++)
    s += text[i % n] * (i + 1);
  return s;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "none";
  const char *env = getenv("PARADE_TEST_MODE");
  if (!env)
    env = "unset";
  long s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < argc; i++)
    s += (long)strlen(argv[i]) > 0;
  printf("mode %s %ld env %s %ld args %ld\n", mode, checksum(mode), env, checksum(env), s);
  return 0;
}
