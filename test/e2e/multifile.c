// A multi-file program built with its own Makefile (`make CC=paradecc`):
// globals declared extern in a header and defined in three different files
// (one zero, one initialised, one a pointer to another file's global), a
// header macro naming a global, #ifdef _OPENMP stubs, orphaned directives
// in the other files, threadprivate variables declared in the header (a
// global of one file and a static of each), a static library, and -MMD -MF
// dependency files.
// Compared with gcc -fopenmp at every configuration.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %S/Inputs/multifile | FileCheck %s
// CHECK: e2e: multifile: all {{[0-9]+}} configurations match gcc -fopenmp
