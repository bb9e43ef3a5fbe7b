// The Quick start's program, examples/jacobi.c, gives gcc -fopenmp's
// answer at every ranks x threads configuration and in lock mode.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %S/../../examples/jacobi.c -- 120 100 40 | FileCheck %s
// CHECK: e2e: jacobi: all 5 configurations match gcc -fopenmp
