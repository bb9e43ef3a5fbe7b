// A program that declares names of the C library itself, without the
// library's header: its own uint64_t (unsigned long long, where glibc's is
// unsigned long), UINTPTR_MAX and ssize_t, and a K&R getline without
// <stdio.h>. gcc builds it without a warning; the translation began with
// parade.h, which included <stdint.h>, <stdio.h> and <sys/types.h>, so the
// typedefs conflicted ("conflicting types for 'uint64_t'") and the macro
// was redefined. parade.h and omp.h now include no header of the library.
//
// REQUIRES: translator
// RUN: %paradecc -Wall -Werror -c %s -o %t.o
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: own-library-names: all 5 configurations match gcc -fopenmp
#include <omp.h>

typedef unsigned long long uint64_t;
typedef int ssize_t;
#define UINTPTR_MAX 0xffffffffffffffffULL
int printf(const char *, ...);

static const char text[] = "alpha\nbeta\ngamma\n";
static int at;

/* The getline of "The C Programming Language": a line into s, its length. */
static int getline(char s[], int lim) {
  int i = 0;
  while (i < lim - 1 && text[at] != '\0' && text[at] != '\n')
    s[i++] = text[at++];
  if (text[at] == '\n')
    s[i++] = text[at++];
  s[i] = '\0';
  return i;
}

int main(void) {
  char line[64];
  ssize_t lines = 0, chars = 0;
  int len;
  while ((len = getline(line, sizeof line)) > 0) {
    lines++;
    chars += len;
  }
  uint64_t sum = 0, mask = UINTPTR_MAX;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 1000; i++)
    sum += ((uint64_t)i * 2654435761ULL) & mask;
  printf("lines %d chars %d sum %llu\n", lines, chars, sum);
  return 0;
}
