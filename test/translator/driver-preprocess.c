// Build systems run the compiler for more than objects: -E (autoconf's
// preprocessor check), -M/-MM (a Makefile's depend target), -S, and
// queries such as -dumpversion or -print-file-name. paradecc answers them
// as gcc does, the program preprocessed as its compile sees it (parade's
// omp.h, _OPENMP); before, each was an error.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %paradecc -E -DEXTRA=7 -I%S/Inputs/driver/after %s | FileCheck %s --check-prefix=CPP
// CPP: int openmp_version = 202111;
// CPP: int extra = 7;
// CPP-NOT: #pragma omp parallel for reduction
// CPP: #pragma omp parallel for reduction(+ : sum)
// RUN: %paradecc -E -fopenmp-version=51 -I%S/Inputs/driver/after %s -o %t/prog.i && FileCheck %s --check-prefix=V51 < %t/prog.i
// V51: int openmp_version = 202011;
// RUN: %paradecc -MM -I%S/Inputs/driver/after %s | FileCheck %s --check-prefix=MM
// MM: driver-preprocess.o: {{.*}}driver-preprocess.c
// MM-NOT: omp.h
// MM: after.h
// MM-NOT: omp.h
// RUN: %paradecc -M -MT dep.o -MF %t/prog.d -I%S/Inputs/driver/after %s && FileCheck %s --check-prefix=M < %t/prog.d
// M: dep.o: {{.*}}driver-preprocess.c
// M: stdio.h
// RUN: %paradecc -S -I%S/Inputs/driver/after %s -o %t/prog.s && FileCheck %s --check-prefix=ASM < %t/prog.s
// ASM: parade_loop_begin
// RUN: %paradecc -dumpversion | FileCheck %s --check-prefix=VERSION
// VERSION: {{^[0-9]+}}
// RUN: %paradecc -dumpmachine | FileCheck %s --check-prefix=MACHINE
// MACHINE: {{x86_64|aarch64|.*-linux}}
#include <after.h>
#include <omp.h>
#include <stdio.h>

#ifndef EXTRA
#define EXTRA 0
#endif
int openmp_version = _OPENMP;
int extra = EXTRA;

int main(void) {
  int sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 10; i++)
    sum += i;
  printf("%d %d\n", sum, omp_get_max_threads() > 0);
  return 0;
}
// Clang's -fopenmp-version= reaches the translator only (gcc does not
// know it), and -fopenmp-targets= is dropped: the host is the device.
// RUN: %paradecc -fopenmp-version=51 -fopenmp-targets=nvptx64 -I%S/Inputs/driver/after %s -o %t/prog
// RUN: env OMP_NUM_THREADS=2 %t/prog | FileCheck %s --check-prefix=RUN51
// RUN51: 45 1
