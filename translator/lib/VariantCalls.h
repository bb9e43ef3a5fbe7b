//===- VariantCalls.h - Calls Sema resolved to a declare variant -*- C++ -*-===//
//
// Sema replaces a call to a function that has a `declare variant` whose
// context selector matches at the call (device kind host, a construct the
// call is in, dispatch, ...) by a call to the variant, keeping the call as
// written beside it. The translation is compiled without OpenMP, so the
// variant's name is written in at the call:
//
//   #pragma omp declare variant(fv) match(device = {kind(host)})
//   int f(int);
//   ... f(1) ...                  ==>   ... fv(1) ...
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_VARIANTCALLS_H
#define PARADE_TRANSLATOR_VARIANTCALLS_H

#include "Context.h"

namespace parade {

/// Name the selected variant at each call of the main file that Sema
/// resolved to one.
void rewriteVariantCalls(Translation &T, clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
