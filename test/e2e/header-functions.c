// OpenMP directives in functions that a header defines (Inputs/
// header-functions: `static inline` kernels in inc/kernels.h, reached
// through inc/outer.h (a comment over two lines after its #include), with
// a byte-order mark, `#pragma once` and `#pragma GCC system_header`, a
// relative #include of its own that a decoy next to the main file must not
// take, an #include_next, and __FILE__; two files include it). They were refused ("define the function in the .c
// file"): the header is compiled as it is. The translation now names the
// header; the #include lines that lead to it are replaced by its text and
// the file is translated again. The dependency files (-MMD -MP) still name
// the headers written in, which the compile of the translation no longer
// opens.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %S/Inputs/header-functions | FileCheck %s
// CHECK: e2e: header-functions: all 5 configurations match gcc -fopenmp
// RUN: FileCheck %s --check-prefix=DEPS < %t.dir/parade/main.d
// DEPS: main.o:
// DEPS: outer.h
// DEPS: main.o:{{.*}}kernels.h
// DEPS: kernels.h:
