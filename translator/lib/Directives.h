//===- Directives.h - Translating OpenMP directives -------------*- C++ -*-===//
//
// Two passes over every function of the main file:
//
// analyzeDirectives records each construct's privatised variables (the
// Scopes that decide how a name is spelled) and which automatic variables
// must move to the pool (shared and written, arrays and structs, the
// originals of reductions and lastprivates, and locals whose address is
// taken in a function that forks).
//
// translateDirectives rewrites the directives innermost first, so an outer
// construct's body text already holds its inner constructs' translation:
//
//   #pragma omp parallel          struct parade_args_0 { int (*parade_s_x_1); };
//   { x++; }               ==>    static void parade_region_0(void *parade_raw) {...}
//                                 ... parade_parallel(parade_region_0, &parade_a, ...);
//
//   #pragma omp for               { ... parade_loop_begin(&parade_l, parade_n, ...);
//   for (i = 0; i < n; i++)  ==>    while (parade_loop_next(&parade_l, &lo, &hi))
//     a[i] = i;                       for (k = lo; k < hi; k++) { int i = ...; ... }
//                                   parade_barrier(); }
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_DIRECTIVES_H
#define PARADE_TRANSLATOR_DIRECTIVES_H

#include "Context.h"

namespace parade {

void analyzeDirectives(Translation &T, clang::TranslationUnitDecl *TU);
void translateDirectives(Translation &T, clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
