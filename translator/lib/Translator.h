//===- Translator.h - OpenMP C to parade source-to-source translation ----===//
//
// The library's entry point. Input: a C file using OpenMP. Output: plain C
// that calls include/parade.h and contains no `#pragma omp`.
//
//   int main() {                         static void parade_region_0(void *a)
//     int n = 10, s = 0;                 { ... s partials, parade_allreduce ... }
//     #pragma omp parallel for \   ==>   int parade_user_main() {
//             reduction(+:s)               int (*parade_s_s) ... = parade_alloc_local(...);
//     for (int i = 0; i < n; i++)          ... parade_parallel(parade_region_0, ...);
//       s += i;                          }
//   }                                    int main(int argc, char **argv) {
//                                          return parade_main(argc, argv, ...); }
//
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_TRANSLATOR_H
#define PARADE_TRANSLATOR_TRANSLATOR_H

#include "clang/Tooling/Tooling.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace parade {

struct Options {
  /// Largest shared footprint (bytes) for the message-passing fast path.
  unsigned SmallThreshold = 256;
  /// -fparade-sync=lock: the conventional DSM path everywhere.
  bool ForceLockPath = false;
  /// -Rparade: explain each decision.
  bool Remarks = false;
};

/// A factory for the action that translates each file to @p Out.
std::unique_ptr<clang::tooling::FrontendActionFactory>
newTranslateActionFactory(const Options &Opts, llvm::raw_ostream &Out);

} // namespace parade

#endif
