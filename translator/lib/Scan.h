//===- Scan.h - Loops with inscan reductions --------------------*- C++ -*-===//
//
// A loop whose body a scan directive splits into an input phase and a scan
// phase runs in two passes over each thread's contiguous block of
// iterations, with one collective between them:
//
//   #pragma omp for reduction(inscan, +: s)   pass 1: each iteration's input
//   for (i = 0; i < n; i++) {                   phase from the identity, its
//     s += a[i];                                value kept in a buffer;
//   #pragma omp scan inclusive(s)             the block's running totals;
//     b[i] = s;                               parade_scan_prefix: the totals
//   }                                           of the threads before;
//                                             pass 2: each scan phase with
//                                               the prefix up to its iteration
//
// exclusive(s) puts the scan phase first and gives it the prefix before
// its iteration. The thread's private s ends as its block's total, which
// the loop's reduction then combines into the original.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_SCAN_H
#define PARADE_TRANSLATOR_SCAN_H

#include "ConstructContext.h"
#include "IterationSpace.h"

#include <optional>

namespace parade {

/// Whether loop directive @p D has inscan reductions.
bool hasInscanReduction(const clang::OMPExecutableDirective *D);

/// The text that hands out and runs the iterations of @p D (in place of
/// parade_loop_begin and its loop), when @p D has inscan reductions:
/// declares parade_lo/parade_hi use as the loop does, sets parade_last.
/// Empty after reporting an error.
std::string scanIterations(ConstructContext &C, const clang::OMPExecutableDirective *D,
                           const std::vector<CanonicalLoop> &Loops, const IterationSpace &Space);

} // namespace parade

#endif
