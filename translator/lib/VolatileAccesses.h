//===- VolatileAccesses.h - volatile objects as flags between nodes -*- C++ -*-===//
//
// Programs hand data between threads through a volatile flag without a
// flush (`while (!ready) ;` on one thread, `data = x; ready = 1;` on
// another). OpenMP calls that a race, but on one shared-memory machine it
// works, and on the DSM the reader would spin on its cached copy forever.
// Each access to a volatile object that may be shared is therefore a
// flush: a read is preceded by one (an acquire: the next access fetches
// the page from its home), a write preceded by a release (the writes
// before it reach their homes before it can be seen) and followed by a
// flush (the write itself reaches its home), a read-modify-write both.
//
//   while (!ready) ;    while (!(parade_flush(), ready)) ;
//   ready = 1;          __extension__({ parade_release();
//                                       __auto_type parade_vw_ = (ready = 1);
//                                       parade_flush(); parade_vw_; });
//
// Left as they are: a volatile local that no region shares (private to
// its thread), a threadprivate one, a sig_atomic_t (a signal belongs to
// the process it is sent to) and the accesses of an `omp atomic`, which
// synchronises already.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_VOLATILEACCESSES_H
#define PARADE_TRANSLATOR_VOLATILEACCESSES_H

#include "Context.h"

namespace parade {

/// Whether @p E is a volatile object that another thread may access: not
/// a local that stayed on the stack, a threadprivate or a sig_atomic_t.
bool sharedVolatile(Translation &T, const clang::Expr *E);
/// Whether variable @p V may be shared between threads: not thread-local,
/// threadprivate or a local that stayed on the stack.
bool sharedVariable(Translation &T, const clang::VarDecl *V);

/// Make the accesses to shared volatile objects flushes (RuntimeCalls stage).
void rewriteVolatileAccesses(Translation &T, clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
