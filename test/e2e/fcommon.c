// A project built with -fcommon whose header has tentative definitions
// (`int hits;`): each file's copy went to the DSM's section as a definition,
// and the link failed ("multiple definition of 'hits'"; found by a helper's
// sweep). With -fcommon they are weak there, and become one object.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %S/Inputs/fcommon | FileCheck %s
// CHECK: e2e: fcommon: all 5 configurations match gcc -fopenmp
