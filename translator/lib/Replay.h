//===- Replay.h - A critical by replay on every node --------------*- C++ -*-===//
//
// A critical met once by every thread whose block is not a sequence of
// updates (the maximum-with-location pattern) becomes one allgather of
// every thread's inputs, the private values the block reads; every node
// then replays the block for each thread in global thread order on its
// copy of the shared variables (runtime/replay.c):
//
//   #pragma omp critical              struct parade_rin_7 parade_rin = {my, i};
//   if (my > best) {            ==>   ... parade_replay_store(&parade_rin,
//     best = my; best_i = i;            sizeof parade_rin, parade_replay_7, ...);
//   }
//                                     static void parade_replay_7(state, inputs, n)
//                                     { double best = ...; int best_i = ...;
//                                       for each thread t: { double my = in[t].f0;
//                                       int i = in[t].f1; <the block> } ... }
//
// The block may read private variables and shared scalars, write shared
// scalars and its own locals, and call only pure functions; no other
// critical or atomic may write the shared variables it names.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_REPLAY_H
#define PARADE_TRANSLATOR_REPLAY_H

#include "ConstructContext.h"

#include <optional>

namespace parade {

/// The replay form of critical @p D (its lock @p LockName, as C text), or
/// nullopt with the reason in @p Why. @p Bytes is the shared data's size,
/// @p InputBytes one thread's inputs'.
std::optional<std::string> criticalAsReplay(ConstructContext &C,
                                            const clang::OMPExecutableDirective *D,
                                            const std::string &LockName, std::string &Why,
                                            unsigned &Bytes, unsigned &InputBytes);

} // namespace parade

#endif
