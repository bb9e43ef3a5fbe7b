// chdir in serial code changes the directory of every thread, as it does
// for gcc's one process: the other ranks change to it too. They stayed in
// the launch directory, so the files a region wrote by relative names on
// other ranks went there, silently (found by a helper's sweep).
//
// REQUIRES: translator
// RUN: rm -rf %t.files && mkdir -p %t.files
// RUN: %compare-with-gcc %s -- %t.files | FileCheck %s
// CHECK: e2e: chdir-serial: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
  char dir[1024];
  snprintf(dir, sizeof dir, "%s/out", argc > 1 ? argv[1] : "/tmp");
  mkdir(dir, 0755);
  if (chdir(dir) != 0) {
    perror("chdir");
    return 1;
  }
  char here[1024];
  if (!getcwd(here, sizeof here))
    return 1;
  int written = 0, same_dir = 0;
#pragma omp parallel for reduction(+ : written, same_dir)
  for (int part = 0; part < 8; part++) {
    char name[32], cwd[1024];
    snprintf(name, sizeof name, "part%d.txt", part);
    FILE *f = fopen(name, "w");
    if (f) {
      fprintf(f, "%d\n", part);
      fclose(f);
      written++;
    }
    same_dir += getcwd(cwd, sizeof cwd) && !strcmp(cwd, here);
  }
  int found = 0;
  for (int part = 0; part < 8; part++) {
    char name[32];
    struct stat st;
    snprintf(name, sizeof name, "part%d.txt", part);
    found += stat(name, &st) == 0;
    unlink(name);
  }
  printf("written %d, in the directory %d, found there %d\n", written, same_dir, found);
  return 0;
}
