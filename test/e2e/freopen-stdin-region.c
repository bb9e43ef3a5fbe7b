// freopen of standard input inside a region, by the team's last thread (on
// the last rank at P > 1): on a rank other than 0 stdin is parade's stream that says it is
// rank 0's, which the C library's freopen cannot reopen (a crash, found by
// a helper's sweep); the stream now reads the file, and stays the stream
// the program holds.
//
// REQUIRES: translator
// RUN: rm -rf %t.files && mkdir -p %t.files
// RUN: %compare-with-gcc %s -- %t.files | FileCheck %s
// CHECK: e2e: freopen-stdin-region: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  char path[512];
  snprintf(path, sizeof path, "%s/input.txt", argc > 1 ? argv[1] : "/tmp");
  FILE *f = fopen(path, "w");
  fprintf(f, "first line\nsecond line\n");
  fclose(f);
  char first[64] = "", second[64] = "";
  int same = 0;
#pragma omp parallel
  if (omp_get_thread_num() == omp_get_num_threads() - 1) {
    FILE *in = stdin;
    FILE *r = freopen(path, "r", in);
    same = r == in;
    if (r && fgets(first, sizeof first, in))
      fgets(second, sizeof second, stdin);
  }
  printf("same stream %d, read: %s%s", same, first, second);
  return 0;
}
