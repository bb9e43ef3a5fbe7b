// File names and commands in shared data, given to the C library by a rank
// that does not hold them valid: the kernel reads them (in open, or in the
// child's execve for popen and system) and answers EFAULT rather than
// faulting. fopen of a name another rank wrote returned NULL ("Bad
// address"), and popen's and system's shell failed in the child (found by
// a helper's sweep). Each call now works on a private copy.
//
// REQUIRES: translator
// RUN: rm -rf %t.files && mkdir -p %t.files
// RUN: %compare-with-gcc %s -- %t.files | FileCheck %s
// CHECK: e2e: stream-paths: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Each on a page of its own, so that the rank that reads it has not
 * fetched it with something else. */
static char name[4096] __attribute__((aligned(4096)));
static char command[4096] __attribute__((aligned(4096)));
static char quiet[4096] __attribute__((aligned(4096)));
static int opened[64], piped[64], status[64];

int main(int argc, char **argv) {
  const char *dir = argc > 1 ? argv[1] : "/tmp";
  int threads = 1;
  /* Written by the last iteration's thread: another rank at P > 1. */
#pragma omp parallel for schedule(static)
  for (int i = 0; i < 8; i++)
    if (i == 7) {
      snprintf(name, sizeof name, "%s/stream-paths-%d.txt", dir, i);
      snprintf(command, sizeof command, "echo piped %d", i);
      strcpy(quiet, "exit 3");
    }
  FILE *f = fopen(name, "w"); /* serial code, rank 0 */
  if (!f) {
    printf("fopen in serial code failed\n");
    return 1;
  }
  fprintf(f, "line\n");
  fclose(f);
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp single
    threads = omp_get_num_threads();
    FILE *g = fopen(name, "r");
    char line[64] = "";
    opened[t] = g && fgets(line, sizeof line, g) && !strcmp(line, "line\n");
    if (g)
      fclose(g);
    FILE *p = popen(command, "r");
    char out[64] = "";
    piped[t] = p && fgets(out, sizeof out, p) && !strcmp(out, "piped 7\n");
    if (p)
      pclose(p);
    int rc = system(quiet);
    status[t] = WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
  }
  int ok_open = 0, ok_pipe = 0, ok_status = 0;
  for (int t = 0; t < threads; t++) {
    ok_open += opened[t];
    ok_pipe += piped[t];
    ok_status += status[t] == 3;
  }
  printf("fopen %s, popen %s, system %s\n", ok_open == threads ? "on every thread" : "FAILED",
         ok_pipe == threads ? "on every thread" : "FAILED",
         ok_status == threads ? "on every thread" : "FAILED");
  return 0;
}
