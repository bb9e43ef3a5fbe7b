// paradecc files gcc's flags as gcc does: those with an argument take it
// (-isystem, -imacros, -idirafter, -x, -MF, -MT, -Xlinker, and any flag
// Clang's driver table knows: --param, -Xassembler), the translator
// sees every flag that defines macros (-O2, -march, -std) that Clang knows
// (gcc-only ones such as -fconserve-stack are dropped), and dependency
// files name the source, not its translation.
//
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/prog.src
// RUN: cd %t && %paradecc -O2 -std=gnu11 -fconserve-stack -pthread -isystem %S/Inputs/driver -imacros %S/Inputs/driver/macros.h \
// RUN:   -idirafter %S/Inputs/driver/after -x c prog.src -x none -MMD -MF prog.dep -MT target.o \
// RUN:   -c -o prog.o
// RUN: FileCheck %s --check-prefix=DEPS < %t/prog.dep
// DEPS: target.o: prog.src
// DEPS-NOT: parade-
// RUN: cd %t && %paradecc prog.o -Xlinker --defsym -Xlinker parade_test_symbol=0 -o prog
// RUN: env OMP_NUM_THREADS=2 %t/prog | FileCheck %s --check-prefix=OUT
// RUN: %paradecc --show -O2 -march=x86-64 -fdump-tree-all -c %s -o %t.o | FileCheck %s --check-prefix=SHOW
// SHOW: parade-translate {{.*}} -O2 -march=x86-64 -fdump-tree-all
// A flag no rule above names keeps its values, whose count Clang's driver
// table gives (before, --param's value was taken for an input file).
// RUN: %paradecc --show --param max-inline-insns-single=200 -Xassembler --noexecstack -c %s \
// RUN:   -o %t.o | FileCheck %s --check-prefix=PARAM
// PARAM: mpicc{{.*}} -c {{.*}}--param max-inline-insns-single=200 -Xassembler --noexecstack
// A C89 program is compiled as GNU C99 (the translation declares loop
// variables in for statements); the translator still sees -std=gnu89.
// RUN: %paradecc --show -std=gnu89 -c %s -o %t.o | FileCheck %s --check-prefix=C89
// C89: parade-translate {{.*}} -std=gnu89
// C89: -std=gnu99 -fgnu89-inline
// RUN: not %paradecc -x c++ %s 2>&1 | FileCheck %s --check-prefix=CXX
// CXX: paradecc: error: -x c++: parade translates OpenMP C only
// RUN: not %paradecc -MF 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: paradecc: error: -MF needs an argument
#include <stdio.h>
#include <sys.h>
#include <after.h>

#ifndef __OPTIMIZE__
#error "the translator must see -O2's macros"
#endif

int main(void) {
  int sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 10; i++)
    sum += i;
  // Macros from -isystem, -imacros and -idirafter reached both compiles.
  printf("sum %d macros %d %d %d\n", sum, FROM_ISYSTEM, FROM_IMACROS, FROM_IDIRAFTER);
  return 0;
}
// OUT: sum 45 macros 1 2 3
// RUN: not %paradecc -shared %s -o %t.so 2>&1 | FileCheck %s --check-prefix=SHARED
// SHARED: paradecc: error: -shared: parade builds executables
// RUN: %paradecc --help | FileCheck %s --check-prefix=HELP
// HELP: usage: paradecc [options] files...
// HELP: -fparade-sync=lock
// RUN: %paradecc --version | FileCheck %s --check-prefix=VERSION
// VERSION: paradecc (parade) {{[0-9]+\.[0-9]+}}
// VERSION-NEXT: translator: Clang {{[0-9]+\.[0-9]+}}
// VERSION-NEXT: compiler: {{.*}}mpicc
// RUN: %paradecc -v -O2 -isystem %S/Inputs/driver -idirafter %S/Inputs/driver/after -imacros %S/Inputs/driver/macros.h -c %s -o %t.v.o 2>&1 | FileCheck %s --check-prefix=VERBOSE
// VERBOSE: parade-translate {{.*}}driver-flags.c -o
// VERBOSE: mpicc{{.*}} -c
