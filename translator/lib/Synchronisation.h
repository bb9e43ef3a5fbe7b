//===- Synchronisation.h - critical, atomic and flush -----------*- C++ -*-===//
//
//   #pragma omp critical      a collective when the block allows it
//   sum += mine;         ==>  (Collectives.h), else
//                             { parade_critical_enter(0); sum += mine;
//                               parade_critical_exit(0); }
//
// An atomic update that is neither becomes a deferred update (combined by
// each thread, applied under the atomic lock at its next synchronisation);
// flush becomes a release and an acquire of all shared data or of the
// listed variables.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_SYNCHRONISATION_H
#define PARADE_TRANSLATOR_SYNCHRONISATION_H

#include "ConstructContext.h"

namespace parade {

/// critical or atomic: a collective when the block allows it, else the
/// distributed lock named @p LockName (a C expression).
std::string synchronisedUpdate(ConstructContext &C, const clang::OMPExecutableDirective *D,
                               const std::string &Kind, const std::string &LockName);
std::string flush(ConstructContext &C, const clang::OMPExecutableDirective *D);

} // namespace parade

#endif
