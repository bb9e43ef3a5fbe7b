// The inputs and flags of a build as gcc -fopenmp takes them:
// - -fopenmp implies -pthread, which defines _REENTRANT: under -std=c99
//   the C library then declares POSIX 1995 (struct timespec,
//   clock_gettime, strtok_r). paradecc dropped -fopenmp, and such a
//   program did not build (found by a helper's sweep);
// - an assembly source with -c is assembled to its object (paradecc
//   exited 0 and wrote nothing, and the link failed later, or linked an
//   old object);
// - a preprocessed source (.i) is refused with what to do.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %paradecc -std=c99 -Wall -Werror -fopenmp -O2 -c %s -o main.o
// RUN: %paradecc -O2 -fopenmp -c %S/Inputs/driver/answer.S
// RUN: %paradecc -fopenmp main.o answer.o -o prog
// RUN: env OMP_NUM_THREADS=2 ./prog | FileCheck %s
// CHECK: tokens 3 answer 42 reentrant 1
// An assembly source among the link's inputs keeps its place: before the
// library it calls into.
// RUN: %paradecc -c %S/Inputs/driver/helper.c -o helper.o && ar rcs libhelper.a helper.o
// RUN: %paradecc -fopenmp -DGLUE -c %s -o glue-main.o
// RUN: %paradecc -fopenmp glue-main.o %S/Inputs/driver/glue.S libhelper.a -o glued
// RUN: ./glued | FileCheck %s --check-prefix=GLUE
// GLUE: glue 7
// RUN: echo 'int x;' > pre.i
// RUN: not %paradecc -c pre.i -o pre.o 2>&1 | FileCheck %s --check-prefix=PREPROCESSED
// PREPROCESSED: paradecc: error: pre.i: preprocessed C is not supported; give paradecc the .c source
#include <stdio.h>
#include <string.h>
#include <time.h>

int answer(void);
int glue(void);

int main(void) {
#ifdef GLUE
  printf("glue %d\n", glue());
  return 0;
#endif
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  int tokens = 0;
#pragma omp parallel num_threads(1) reduction(+ : tokens)
  {
    char buf[8], *save, *tok;
    strcpy(buf, "a,b,c");
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save))
      tokens++;
  }
#ifdef _REENTRANT
  int reentrant = 1;
#else
  int reentrant = 0;
#endif
  printf("tokens %d answer %d reentrant %d\n", tokens, answer(), reentrant);
  return 0;
}
