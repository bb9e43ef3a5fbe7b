// Mutated OpenMP programs and random bytes never crash or hang the
// translator, and nothing it writes keeps a #pragma omp.
//
// RUN: %python %S/../Inputs/fuzz_translate.py %parade-translate 20261121 150 %t.dir %S/../../include %S/../e2e/worksharing.c %S/../e2e/orphaned.c %S/../e2e/collectives.c %S/../e2e/shared-storage.c | FileCheck %s
// A translator that refused every input would pass the rest, so some
// inputs must translate and some translations must be checked by gcc.
// CHECK: fuzz: 150 inputs, {{[1-9][0-9]*}} translated ({{[1-9][0-9]*}} valid C checked by gcc), {{[0-9]+}} diagnosed, no crash, no hang
