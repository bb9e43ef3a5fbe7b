//===- RegisterVariables.h - `register` where the translation needs & -*- C++ -*-===//
//
// The translation takes the addresses of the variables a construct names
// (a firstprivate copy, an argument block, a reduction's original), which
// C forbids for a `register` variable. The keyword is only a hint: it is
// dropped from every variable and parameter of a function that holds an
// OpenMP directive.
//
//   register int rv = 3;         ==>   int rv = 3;
//   #pragma omp parallel firstprivate(rv)
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_REGISTERVARIABLES_H
#define PARADE_TRANSLATOR_REGISTERVARIABLES_H

#include "Context.h"

namespace parade {

void dropRegister(Translation &T, clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
