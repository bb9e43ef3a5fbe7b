// A stream that serial code opened (rank 0's) and that threads write in a
// parallel region: every rank's writes go to rank 0, which writes them to
// the stream; what a thread wrote before a release (the end of an ordered
// iteration, of a critical, an fflush) is in the file before what others
// write after it. Before, a write on another rank was an error ("which
// rank 0 opened"): a FILE * belongs to the process that opened it.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: rank0-stream-writes: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define N 40

FILE *log_file;
struct record {
  int i;
  double x;
};

int main(void) {
  char name[] = "/tmp/parade-rank0-streamXXXXXX";
  int fd = mkstemp(name);
  if (fd < 0)
    return 1;
  close(fd);
  log_file = fopen(name, "w");
  fprintf(log_file, "start\n");
  int flushed_seen = 0, team = 0;
#pragma omp parallel
  {
#pragma omp for ordered schedule(static, 3)
    for (int i = 0; i < N; i++) {
#pragma omp ordered
      {
        fprintf(log_file, "ordered %d\n", i);
        fputs("  after fprintf\n", log_file);
        fputc('-', log_file);
        putc('\n', log_file);
      }
    }
#pragma omp critical
    {
      struct record r;
      memset(&r, 0, sizeof r); /* no newline in its padding */
      r.i = omp_get_thread_num();
      r.x = r.i * 0.5;
      fprintf(log_file, "critical ");
      fwrite(&r, sizeof r, 1, log_file);
      fputc('\n', log_file);
    }
#pragma omp single
    {
      team = omp_get_num_threads();
      fprintf(log_file, "single\n");
      fflush(log_file);
      /* Flushed: the text is in the file now, whichever rank wrote it. */
      FILE *check = fopen(name, "r");
      char line[64];
      while (check && fgets(line, sizeof line, check))
        if (!strcmp(line, "single\n"))
          flushed_seen = 1;
      if (check)
        fclose(check);
    }
  }
  fprintf(log_file, "end %d\n", ferror(log_file));
  fclose(log_file);

  FILE *in = fopen(name, "r");
  char line[256];
  int lines = 0, criticals = 0, whole = 0, orders = 0, next = 0, in_order = 1;
  while (in && fgets(line, sizeof line, in)) {
    lines++;
    int i;
    if (sscanf(line, "ordered %d", &i) == 1) {
      orders++;
      in_order &= i == next++;
    }
    if (!strncmp(line, "critical ", 9)) {
      struct record r;
      memcpy(&r, line + 9, sizeof r);
      criticals++;
      whole += r.x == r.i * 0.5;
    }
  }
  if (in)
    fclose(in);
  remove(name);
  printf("other lines %d, ordered %d in order %d, one critical line per thread %d, whole %d, "
         "single flushed %d\n",
         lines - criticals, orders, in_order, criticals == team, whole == criticals, flushed_seen);
  return 0;
}
