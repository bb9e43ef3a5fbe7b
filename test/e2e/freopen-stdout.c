// freopen(path, "w", stdout) in serial code sends the program's standard
// output to the file, the text its regions print included. At P > 1 stdout
// is parade's stream to rank 0, which the C library's freopen cannot
// reopen: the program crashed inside freopen (found by a helper's sweep).
// The file takes rank 0's descriptor 1. The program then puts its saved
// descriptor back and prints what the file holds.
//
// REQUIRES: translator
// RUN: rm -rf %t.files && mkdir -p %t.files
// RUN: %compare-with-gcc %s -- %t.files | FileCheck %s
// CHECK: e2e: freopen-stdout: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv) {
  char path[512];
  snprintf(path, sizeof path, "%s/freopen-stdout.txt", argc > 1 ? argv[1] : "/tmp");
  fflush(stdout);
  int saved = dup(1);
  if (!freopen(path, "w", stdout)) {
    perror("freopen");
    return 1;
  }
  printf("serial line\n");
#pragma omp parallel for ordered schedule(static, 1)
  for (int i = 0; i < 6; i++) {
#pragma omp ordered
    printf("ordered %d\n", i);
  }
  printf("last line\n");
  fflush(stdout);
  dup2(saved, 1);
  close(saved);
  FILE *f = fopen(path, "r");
  char line[128];
  int n = 0;
  while (f && fgets(line, sizeof line, f))
    printf("from the file %d: %s", ++n, line);
  if (f)
    fclose(f);
  return 0;
}
