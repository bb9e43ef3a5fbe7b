// A local of main whose address escapes (so it lives in the pool, where
// other nodes reach it) may be declared, or named, by a header's macro,
// whose text the translation cannot change: the BOTS harness declares
// `float **SEQ, **BENCH;` in BOTS_APP_INIT and passes &BENCH in
// KERNEL_INIT. The name itself then stands for the pool's storage from its
// declaration to the end of its block (a macro). It was refused ("pooled
// variable 'BENCH' is named inside a macro defined outside this file").
// Here a region reads main's `size` through a pointer app_init kept, on
// every node.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %S/Inputs/bots-harness | FileCheck %s
// CHECK: e2e: bots-harness: all {{[0-9]+}} configurations match gcc -fopenmp
