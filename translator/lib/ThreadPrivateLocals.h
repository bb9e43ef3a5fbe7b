//===- ThreadPrivateLocals.h - threadprivate static locals ------*- C++ -*-===//
//
// A static local named in a threadprivate directive becomes a thread-local
// variable at file scope, under a name of its own, so that the code
// outlined from its function (a region, a task) names the same variable:
//
//   int next(void) {                  static __thread int parade_tp_next_c_1 = 0;
//     static int c = 0;         ==>   int next(void) {
//   #pragma omp threadprivate(c)        /* ... */
//     return ++c;                       return ++parade_tp_next_c_1;
//   }                                 }
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_THREADPRIVATELOCALS_H
#define PARADE_TRANSLATOR_THREADPRIVATELOCALS_H

#include "Context.h"

namespace parade {

/// Give each threadprivate static local its file-scope name (in
/// Translation::Renamed, which the use rewriter spells).
void renameThreadPrivateLocals(Translation &T, clang::TranslationUnitDecl *TU);
/// Move their declarations to file scope, before their functions, and
/// comment out the directives that named them.
void hoistThreadPrivateLocals(Translation &T, clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
