// Statements that a construct must rewrite, spelled by macros: the
// update of an `atomic` (`ADD(total, i)` with `#define ADD(t, x) t += (x)`),
// a `__sync` builtin in a header's macro, and an assignment of a
// lastprivate(conditional) variable by a macro. Each was refused
// ("cannot translate an expression that spans macro boundaries", "spelled
// in a macro of a header", "assigned inside a macro"). The translation
// now names the invocations it could not cut; they are written out as
// their expansions and the file is translated again.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: macro-statements: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#include "Inputs/directive-macros/update-macros.h"

#define ADD(t, x) t += (x)
#define INC(v) (v)++

int main(void) {
  long total = 0, n = 0, hits = 0;
  int last = -1;
#pragma omp parallel for
  for (int i = 0; i < 1000; i++) {
#pragma omp atomic
    ADD(total, i);
#pragma omp atomic update
    INC(n);
    BUMP(hits);
  }
#pragma omp parallel for lastprivate(conditional : last)
  for (int i = 0; i < 100; i++)
    if (i % 7 == 0)
      SET_LAST(last, i);
  printf("total %ld n %ld hits %ld last %d line %d\n", total, n, hits, last, __LINE__);
  return 0;
}
