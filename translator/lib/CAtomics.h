//===- CAtomics.h - C11 atomics and the compiler's atomic builtins -*- C++ -*-===//
//
// The compiler's __sync_* and __atomic_* builtins are atomic among the
// threads of one process: on a DSM of several processes they would lose
// updates and never see another node's store. Each call the program makes
// is renamed to parade.h's macro of the same name with the prefix parade_,
// which runs the operation under the lock of `omp atomic`:
//
//   __sync_fetch_and_add(&n, 1)   parade_sync_fetch_and_add(&n, 1)
//   __atomic_load_n(&f, __ATOMIC_ACQUIRE)
//                                 parade_atomic_load_n(&f, __ATOMIC_ACQUIRE)
//
// An _Atomic object and the C11 operations on it (atomic_fetch_add, which
// Clang's <stdatomic.h> spells __c11_atomic_fetch_add) are refused where
// the program uses them: every plain access to such an object is atomic
// too, which a rename of calls cannot reach. So is a builtin spelled in a
// header's macro (its text is not the translator's), and arithmetic
// builtins on pointers (the builtin does not scale by the pointee's size).
//
//   _Atomic int hits;            error: _Atomic variable 'hits' ...
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_CATOMICS_H
#define PARADE_TRANSLATOR_CATOMICS_H

#include "Context.h"

namespace parade {

/// Refuse the C11 atomics (in the Analysis stage).
void refuseCAtomics(Translation &T, clang::TranslationUnitDecl *TU);
/// Rename the builtins' calls (in the RuntimeCalls stage).
void rewriteAtomicBuiltins(Translation &T, clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
