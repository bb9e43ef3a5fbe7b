//===- Pooling.h - Which automatic variables live in the DSM pool -*- C++ -*-===//
//
// The analysis pass, run over every function of the main file before any
// rewriting. It records each construct's data environment (the Scopes that
// decide how a name is spelled inside it) and which automatic variables
// must move to the pool: shared and written, arrays and structs, the
// originals of reductions and lastprivates, what a deferred task shares,
// and locals whose address is taken in a function that forks.
//
//   void f(int n) {                T.Pooled[s] = "parade_s_s_1"
//     int s = 0;                   (shared and written by the region);
//   #pragma omp parallel           n is shared and only read: it is
//     { s += n; } }                passed by value, not pooled
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_POOLING_H
#define PARADE_TRANSLATOR_POOLING_H

#include "Context.h"

namespace parade {

void analyzeDirectives(Translation &T, clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
