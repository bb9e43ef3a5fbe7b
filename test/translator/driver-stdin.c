// The source may come on standard input, as with gcc: `-x c -` compiles
// it, and `-dM -E -` (a common check for _OPENMP) preprocesses it. Both
// were "no input files". -fsyntax-only checks the translation and writes
// and links nothing (it warned that the link's inputs were unused). Found
// by helpers acting as new users.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: echo | %paradecc -dM -E - | FileCheck %s --check-prefix=CPP
// CPP: #define _OPENMP 202111
// RUN: cat %s | %paradecc -O2 -x c - -o prog && ./prog | FileCheck %s
// CHECK: sum 45
// Quoted includes are looked for in the working directory, __FILE__ is
// <stdin>, and -c writes -.o, as with gcc.
// RUN: cd %S/Inputs/driver/stdin && %paradecc -x c - -o %t/quoted < main.txt
// RUN: %t/quoted | FileCheck %s --check-prefix=QUOTED
// QUOTED: <stdin> 7
// RUN: cd %t && %paradecc -I%S/Inputs/driver/stdin -c -x c - < %S/Inputs/driver/stdin/main.txt && ls ./-.o
// RUN: rm -f prog && %paradecc -fsyntax-only %s 2>&1 | FileCheck %s --check-prefix=SYNTAX --allow-empty
// RUN: not ls prog
// SYNTAX-NOT: warning
#include <stdio.h>

int main(void) {
  int s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < 10; i++)
    s += i;
  printf("sum %d\n", s);
  return 0;
}
