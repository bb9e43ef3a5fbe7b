// A target region inside a macro (SOLLVE V&V's ompvv.h probes offloading
// with _Pragma("omp target map(from: x)") in OMPVV_TEST_OFFLOADING) runs
// its block as it is: the host is the device, so the translation would be
// the block itself, and the macro's text, which cannot be rewritten, need
// not be. It was refused ("an OpenMP directive inside a macro is not
// supported"), blocking every V&V test that probes. The messages carry the
// file and line, which must be the program's.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %S/Inputs/ompvv-probe | FileCheck %s
// CHECK: e2e: ompvv-probe: all {{[0-9]+}} configurations match gcc -fopenmp
