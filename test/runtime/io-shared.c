// read, write, fread, fwrite and fgets into and out of protected shared
// buffers (the kernel would answer EFAULT on a protected page).
//
// RUN: %cc-parade
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: env OMP_NUM_THREADS=2 %t %t.dir 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 4 %t %t.dir 2>&1 | FileCheck %s --implicit-check-not='parade: error'
// RUN: env OMP_NUM_THREADS=1 %mpirun-tcp -np 2 %t %t.dir 2>&1 | FileCheck %s --implicit-check-not='parade: error'
//
// CHECK: io: read ok, fread ok, fgets ok, write ok, fwrite ok
#include <parade.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SIZE = 3 * 4096 + 123 };

struct args {
  const char *dir; /* in the pool */
  unsigned char *buf_read, *buf_fread;
  char *line;
  int *fails;
};

static unsigned char pattern(size_t i) { return (unsigned char)(i * 13 + 5); }

static void region(void *arg) {
  const struct args *a = arg;
  int me = parade_thread_num(), last = parade_num_threads() - 1;
  char path[512];
  snprintf(path, sizeof path, "%s/input", a->dir);
  /* The last thread (on the last node: its copies are not the home's)
   * fills the shared buffers; everyone checks after the barrier. */
  if (me == last) {
    int fd = open(path, O_RDONLY);
    if (parade_read(fd, a->buf_read, SIZE) != SIZE) *a->fails |= 1;
    close(fd);
    FILE *f = fopen(path, "rb");
    if (parade_fread(a->buf_fread, 1, SIZE, f) != SIZE) *a->fails |= 2;
    fclose(f);
    snprintf(path, sizeof path, "%s/text", a->dir);
    f = fopen(path, "r");
    if (!parade_fgets(a->line, 64, f)) *a->fails |= 4;
    fclose(f);
  }
  parade_barrier();
  if (me == 0) {
    for (size_t i = 0; i < SIZE; i++) {
      if (a->buf_read[i] != pattern(i)) *a->fails |= 1;
      if (a->buf_fread[i] != pattern(i)) *a->fails |= 2;
    }
    if (strcmp(a->line, "a line of text\n")) *a->fails |= 4;
  }
  parade_barrier();
  if (me == last) {
    snprintf(path, sizeof path, "%s/out-write", a->dir);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (parade_write(fd, a->buf_read, SIZE) != SIZE) *a->fails |= 8;
    close(fd);
    snprintf(path, sizeof path, "%s/out-fwrite", a->dir);
    FILE *f = fopen(path, "wb");
    if (parade_fwrite(a->buf_fread, SIZE, 1, f) != 1) *a->fails |= 16;
    fclose(f);
  }
}

static int check_file(const char *dir, const char *name) {
  char path[512];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  if (!f) return 0;
  size_t i = 0;
  int c, good = 1;
  while ((c = fgetc(f)) != EOF)
    good &= c == pattern(i++);
  fclose(f);
  return good && i == SIZE;
}

static int app_main(int argc, char **argv) {
  if (argc < 2) return 2;
  char path[512];
  snprintf(path, sizeof path, "%s/input", argv[1]);
  FILE *f = fopen(path, "wb");
  for (size_t i = 0; i < SIZE; i++) fputc(pattern(i), f);
  fclose(f);
  snprintf(path, sizeof path, "%s/text", argv[1]);
  f = fopen(path, "w");
  fputs("a line of text\nanother\n", f);
  fclose(f);
  struct args a;
  char *dir = parade_malloc(strlen(argv[1]) + 1);
  strcpy(dir, argv[1]);
  a.dir = dir;
  a.buf_read = parade_calloc(SIZE, 1);
  a.buf_fread = parade_calloc(SIZE, 1);
  a.line = parade_calloc(64, 1);
  a.fails = parade_calloc(1, sizeof(int));
  parade_parallel(region, &a, sizeof a, 0, 1);
  int fails = *a.fails;
  if (!check_file(argv[1], "out-write")) fails |= 8;
  if (!check_file(argv[1], "out-fwrite")) fails |= 16;
  printf("io: read %s, fread %s, fgets %s, write %s, fwrite %s\n", fails & 1 ? "WRONG" : "ok",
         fails & 2 ? "WRONG" : "ok", fails & 4 ? "WRONG" : "ok", fails & 8 ? "WRONG" : "ok",
         fails & 16 ? "WRONG" : "ok");
  return fails ? 1 : 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
