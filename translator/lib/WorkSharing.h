//===- WorkSharing.h - Loops, sections, single and ordered ------*- C++ -*-===//
//
// Work-sharing constructs hand out their work through the runtime's loop
// (parade_loop_begin / parade_loop_next), with their data environment
// around it and a barrier after unless nowait:
//
//   #pragma omp for               { ... parade_loop_begin(&parade_l, parade_n, ...);
//   for (i = 0; i < n; i++)  ==>    while (parade_loop_next(&parade_l, &lo, &hi))
//     a[i] = i;                       for (k = lo; k < hi; k++) { int i = ...; ... }
//                                   parade_barrier(); }
//
// sections are a dynamic loop over a switch; single is a broadcast when the
// block allows it (Collectives.h), else thread 0 and a barrier; ordered
// takes its loop's ordered lock in iteration order.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_WORKSHARING_H
#define PARADE_TRANSLATOR_WORKSHARING_H

#include "ConstructContext.h"
#include "LoopNest.h"

namespace parade {

/// The linear variables of loop directive @p D (its loop variables aside):
/// Inits keeps each original's value at the loop's start, Sets gives
/// iteration parade_k its value (the original's plus parade_k steps).
/// @p InRegionTail: a global is refused.
struct LinearVars {
  std::string Inits, Sets;
};
LinearVars linearVars(ConstructContext &C, const clang::OMPExecutableDirective *D,
                      const std::vector<CanonicalLoop> &Loops, bool InRegionTail);

/// A loop directive; @p InRegionTail: the loop part of a combined construct
/// (its region handled the clauses, and its end is the join).
std::string loop(ConstructContext &C, const clang::OMPExecutableDirective *D, bool InRegionTail);
/// sections (or the sections part of parallel sections).
std::string sections(ConstructContext &C, const clang::OMPExecutableDirective *D,
                     bool InRegionTail);
std::string single(ConstructContext &C, const clang::OMPExecutableDirective *D);
/// The ordered construct inside an ordered loop of this function.
std::string ordered(ConstructContext &C, const clang::OMPExecutableDirective *D);

} // namespace parade

#endif
