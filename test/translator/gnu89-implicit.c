// C that gcc 12 accepts with warnings: implicit int, an implicit function
// declaration, old-style definitions, built as -std=gnu89 (the translation
// declares loop variables in for statements, so it is compiled as GNU C99
// with -fgnu89-inline). The translator refused all of it (Clang 19's C99
// rules make these errors).
//
// REQUIRES: translator
// gcc -std=gnu89 says nothing of them, and nor does paradecc (it said
// "return type defaults to 'int'", an error with -Werror).
// RUN: %paradecc -std=gnu89 -O2 %s -o %t 2>&1 | FileCheck %s --check-prefix=BUILD --allow-empty
// BUILD-NOT: {{error|warning}}
// RUN: env OMP_NUM_THREADS=2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 2 %t | FileCheck %s
// CHECK: count 100 twice 14
#include <stdio.h>

static count;

twice(x) int x;
{ return 2 * x; }

main() {
  int i;
#pragma omp parallel for reduction(+ : count)
  for (i = 0; i < 100; i++)
    count++;
  printf("count %d twice %d\n", count, helper(7));
  return 0;
}

helper(int x) { return twice(x); }
