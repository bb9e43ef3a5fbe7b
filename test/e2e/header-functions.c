// OpenMP directives in functions that a header defines (Inputs/
// header-functions: `static inline` kernels in inc/kernels.h, reached
// through inc/outer.h, with `#pragma once`, a relative #include of its own
// that a decoy next to the main file must not take, and __FILE__; two
// files include it). They were refused ("define the function in the .c
// file"): the header is compiled as it is. The translation now names the
// header; the #include lines that lead to it are replaced by its text and
// the file is translated again.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %S/Inputs/header-functions | FileCheck %s
// CHECK: e2e: header-functions: all 5 configurations match gcc -fopenmp
