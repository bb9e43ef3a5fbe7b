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
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <set>

namespace parade {

struct Options {
  /// Largest shared footprint (bytes) for the message-passing fast path.
  unsigned SmallThreshold = 256;
  /// -fparade-sync=lock: the conventional DSM path everywhere.
  bool ForceLockPath = false;
  /// -Rparade: explain each decision.
  bool Remarks = false;
  /// -fparade-common (the compile has -fcommon): a file-scope variable
  /// with no initialiser is a common symbol, which other files may define
  /// too; its definition in the DSM's section is weak.
  bool Common = false;
  /// Only write out the tile constructs as loops (Tile.h): the output is
  /// the main file so rewritten, for a second parse.
  bool ExpandTilesOnly = false;
  /// The main file's name as the compiler was given it (__FILE__), when
  /// not the name the translator was given.
  std::string FileName;
  /// Where the translation adds the file offsets of the macro invocations
  /// it could not cut (an expression it must copy starts or ends inside
  /// one): translateFile writes them out and translates again.
  std::set<unsigned> *ExpandRequests = nullptr;
  /// Where it adds the real paths of the headers whose functions hold
  /// directives: translateFile writes them into the file and translates
  /// again.
  std::set<std::string> *InlineRequests = nullptr;
  /// Where translateFile adds the headers it wrote into the file (their
  /// compile no longer opens them: a dependency file must name them).
  std::set<std::string> *WrittenHeaders = nullptr;
};

/// A factory for the action that translates each file to @p Out; Clang's
/// closing count of errors goes to @p Diagnostics when given (else to
/// standard error).
std::unique_ptr<clang::tooling::FrontendActionFactory>
newTranslateActionFactory(const Options &Opts, llvm::raw_ostream &Out,
                          llvm::raw_ostream *Diagnostics = nullptr);

/// Where the translation finds Clang's builtin headers (omp.h) and parade.h.
struct ToolPaths {
  std::string ClangResourceDir;
  std::string ParadeIncludeDir;
};

/// The compiler arguments every parse needs: -fopenmp, Clang's resource
/// directory and parade.h's, and gcc's flags that Clang does not know
/// dropped.
void adjustArguments(clang::tooling::ClangTool &Tool, const ToolPaths &Paths,
                     llvm::StringRef OpenMPVersion = "52");

/// The translation failed because of errors in the program, already
/// reported as Clang diagnostics with their locations.
class DiagnosedError : public llvm::ErrorInfo<DiagnosedError> {
public:
  static char ID;
  void log(llvm::raw_ostream &OS) const override { OS << "errors in the program"; }
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }
};

/// @brief Translates one file.
/// @param Compilations the compiler arguments of @p Source (gcc's flags are
///        accepted; those Clang does not know are dropped).
/// @param Source the C file.
/// @return the translated C text, a DiagnosedError when the program has
///         errors (reported through Clang's diagnostics), or another error
///         (Clang crashed on invalid input).
llvm::Expected<std::string> translateFile(const clang::tooling::CompilationDatabase &Compilations,
                                          llvm::StringRef Source, const Options &Opts,
                                          const ToolPaths &Paths);

} // namespace parade

#endif
