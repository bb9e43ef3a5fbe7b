//===- FlagHandoffs.h - data handed on through a flag and flush -*- C++ -*-===//
//
// Codes hand data from thread to thread through a flag and flush, and
// lean on a flush being a fence of all memory, as gcc's is (NAS LU's
// pipeline, the RWCP OpenMP C version):
//
//   v[i][..] = ...;                  while (flag[i-1] == 0) {
//   flag[i] = 1;                     #pragma omp flush(flag)
//   #pragma omp flush(flag)          }
//                                    ... = v[i-1][..];
//
// On one machine the stores reach memory in order, and the reads after the
// loop come after the read that saw the flag. On the DSM neither holds:
// - a home writes its pages in place, where another node's fetch sees them
//   at once, while its writes to pages homed elsewhere travel at its next
//   release: the flag can be seen before the rows;
// - the reader may hold a copy of a row's page fetched before the flag was
//   raised (its own neighbouring row shares the page); when the first test
//   of the flag already sees it raised, no flush runs between that test
//   and the reads.
// NAS LU gave wrong results about one run in eight at 2x1, with no
// message. So:
// - a store to a flag (an integer variable, of a page at most, named in a
//   flush list of the file, or stored just before a flush without a list)
//   is preceded by a release, parade_release();
// - a loop that polls with flush (one in its body), or whose condition
//   reads a shared volatile object, is followed by a flush.
// Both only add synchronisation OpenMP allows anywhere.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_FLAGHANDOFFS_H
#define PARADE_TRANSLATOR_FLAGHANDOFFS_H

#include "Context.h"

namespace parade {

/// Order flag stores after the data and reads after polling loops
/// (RuntimeCalls stage).
void orderFlagHandoffs(Translation &T, clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
