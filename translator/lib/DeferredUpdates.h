//===- DeferredUpdates.h - Updates applied at synchronisation -*- C++ -*-===//
//
// An atomic update that commutes, met inside a loop or by only some
// threads (so not a collective), is combined by each thread in private
// and applied under the lock at the thread's next synchronisation
// (a barrier, a lock, a task scheduling point): one lock acquisition per
// thread and epoch instead of one per update.
//
//   #pragma omp atomic          { int parade_av = (int)(1);
//   hist[k] += 1;         ==>     parade_atomic_update((void *)&(hist[k]),
//                                   PARADE_INT, PARADE_OP_SUM, &parade_av); }
//
// A critical block of such updates in a loop is deferred the same way,
// each update applied under the critical's own lock, which keeps it
// exclusive with the critical's instances on the lock path:
//
//   for (...)                   { int parade_av = (int)(1);
//     #pragma omp critical        parade_critical_update(0, (void *)&(hist[k]),
//     hist[k]++;                    PARADE_INT, PARADE_OP_SUM, &parade_av); }
//
// Not when the thread itself may read the object before then: outside
// atomics and criticals in its region (or function), or in a function it
// calls.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_DEFERREDUPDATES_H
#define PARADE_TRANSLATOR_DEFERREDUPDATES_H

#include "Context.h"

#include <optional>

namespace parade {

/// An atomic update @p D that commutes (x += e, x++, x *= e, x |= e, ...)
/// as a deferred update (parade_atomic_update): combined by the thread and
/// applied at its next synchronisation. nullopt with the reason otherwise
/// (among them: the object is read outside atomics in @p Region, or in the
/// enclosing function when there is no region, where the thread must see
/// its own update).
std::optional<std::string> atomicAsDeferred(Translation &T, const clang::OMPExecutableDirective *D,
                                            const clang::OMPExecutableDirective *Region,
                                            std::string &Why);

/// A critical @p D whose block is a sequence of updates that commute, as
/// deferred updates under lock @p LockName (parade_critical_update). Not
/// when a value (or an updated element's index) has an effect, reads what
/// the block updates, or reads what a critical or atomic of the file may
/// write meanwhile; nor for the reasons of atomicAsDeferred.
std::optional<std::string> criticalAsDeferred(Translation &T,
                                              const clang::OMPExecutableDirective *D,
                                              const clang::OMPExecutableDirective *Region,
                                              const std::string &LockName, std::string &Why);

} // namespace parade

#endif
