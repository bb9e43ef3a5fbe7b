//===- CAtomics.h - C11 atomics and the compiler's atomic builtins -*- C++ -*-===//
//
// An _Atomic object, a C11 atomic operation (atomic_fetch_add, which
// Clang's <stdatomic.h> spells __c11_atomic_fetch_add) or one of the
// compiler's __atomic_* and __sync_* builtins is atomic among the threads
// of one process: on a DSM of several processes it loses updates and
// never sees another node's store (a hand-off through one hangs). Until
// parade translates them, each is refused where the program uses it, with
// the OpenMP construct that does the same on every node.
//
//   _Atomic int hits;            error: _Atomic variable 'hits' ...
//   __sync_fetch_and_add(&n, 1)  error: '__sync_fetch_and_add' ...
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_CATOMICS_H
#define PARADE_TRANSLATOR_CATOMICS_H

#include "Context.h"

namespace parade {

void refuseCAtomics(Translation &T, clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
