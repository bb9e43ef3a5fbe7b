//===- Collectives.h - The ParADE translation of small synchronisation ---===//
//
// critical, atomic and single on small shared data become MPI collectives
// instead of a distributed lock or a barrier, when the block is lexically
// analyzable (no calls but known-pure functions, no writes through pointers,
// no I/O) and its shared footprint is at most the threshold:
//
//   #pragma omp critical        { double parade_c0 = (double)(mine);
//   sum += mine;          ==>     parade_reduce_var parade_cv[] = {...};
//                                 void *parade_ct[] = {&(*parade_s_sum_3)};
//                                 parade_reduce_store(parade_cv, parade_ct, 1); }
//
//   #pragma omp single          { if (parade_thread_num() == 0) { n = 10; }
//   n = 10;               ==>     ... parade_bcast_store(parade_st, parade_sz, 1, 0); }
//
// A critical or atomic update must be met exactly once by every thread (at
// the top level of its region) to become a collective; a single needs only
// the analyzable block. Otherwise each function says why, for -Rparade.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_COLLECTIVES_H
#define PARADE_TRANSLATOR_COLLECTIVES_H

#include "Context.h"

#include <optional>

namespace parade {

/// The collective form of a critical or atomic update @p D, or nullopt with
/// the reason in @p Why. @p Region is the parallel region that lexically
/// holds @p D (null when orphaned). Not when the region's threads may wait
/// for each other through shared memory (a collective could deadlock).
std::optional<std::string> updateAsCollective(Translation &T,
                                              const clang::OMPExecutableDirective *D,
                                              const clang::OMPExecutableDirective *Region,
                                              std::string &Why, unsigned &Bytes);

/// Whether threads of @p Region may wait for each other through shared
/// memory: an atomic read, write or capture, a flush, an omp lock, a
/// volatile or _Atomic object, or an atomic builtin, in the region or in a
/// function of this file it calls (@p OnlyUnflushed: only the last three,
/// which do not apply a thread's deferred atomic updates). A thread that
/// waits for another to pass a construct would deadlock if the construct
/// were a collective, which every thread must reach before any leaves it.
/// @p Where names the first such wait ("a flush at line 12").
bool threadsMayWait(Translation &T, const clang::OMPExecutableDirective *Region, bool OnlyUnflushed,
                    std::string &Where);

/// Why a construct with nowait in @p Region (null: orphaned) must not end
/// in @p Collective ("a collective", "an allreduce"): a thread past it may
/// release others that have not reached it yet, waiting through shared
/// memory (see threadsMayWait), and the collective would wait for them.
/// Empty if nothing in the region waits so.
std::string nowaitUnsafe(Translation &T, const clang::OMPExecutableDirective *Region,
                         const std::string &Collective);

/// Shared at @p Loc: shared storage not privatised by an enclosing construct.
bool isShared(Translation &T, const clang::VarDecl *V, clang::SourceLocation Loc);

/// Why block @p Body cannot be a collective (a call of an impure function,
/// an address taken, a write through a pointer, a nested construct, a
/// jump), or empty; @p Written gets the shared scalars it assigns.
std::string collectiveUnfit(Translation &T, const clang::Stmt *Body,
                            std::vector<const clang::VarDecl *> &Written);

/// Whether every thread of @p Region (null: orphaned) meets @p D exactly
/// once, at the top level of a region every thread runs through.
bool oncePerThread(Translation &T, const clang::OMPExecutableDirective *D,
                   const clang::OMPExecutableDirective *Region, std::string &Why);

/// Whether a collective of @p Bytes of shared data in @p Region is allowed:
/// within the small-data threshold, and no thread of the region may wait
/// for another (see threadsMayWait); else false with the reason.
bool collectiveFits(Translation &T, const clang::OMPExecutableDirective *Region, unsigned Bytes,
                    std::string &Why);

/// What the file's critical and atomic constructs write (found once).
const Translation::SyncWrites &syncWrites(Translation &T);

/// What of the file's critical and atomic writes (syncWrites) @p E reads
/// ("'sum'", "memory through a pointer"), or empty: @p E is evaluated by a
/// thread of @p Region (null: orphaned) outside any lock, where such a
/// write may be under way. Writes in a region of the same function that
/// runs before or after @p Region do not count.
std::string readsSyncWritten(Translation &T, const clang::Expr *E,
                             const clang::OMPExecutableDirective *Region);

/// The collective form of a single @p D in @p Region (null when orphaned),
/// or nullopt with the reason.
std::optional<std::string> singleAsCollective(Translation &T,
                                              const clang::OMPExecutableDirective *D,
                                              const clang::OMPExecutableDirective *Region,
                                              std::string &Why, unsigned &Bytes);

} // namespace parade

#endif
