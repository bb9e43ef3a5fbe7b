//===- HeaderInlining.h - headers written into the main file ---*- C++ -*-===//
//
// A function that a header defines is compiled as the header has it, so
// an OpenMP directive inside it cannot be translated where it is. When
// the translation meets one, it names the header (its real path); before
// the next round the `#include` line of the main file that brought the
// header in is replaced by the header's text, and so on down the chain of
// headers that leads to it:
//
//   main.c:  #include "kernels.h"    ==>   #line 1 "kernels.h"
//                                          ...the header, its functions'
//                                          directives now in the main file
//                                          #line 5 "main.c"
//
// The other `#include` lines of a written header name the file they found
// by its absolute path (the main file's directory is not the header's;
// `#include_next` becomes `#include`). `#pragma once` and `#pragma GCC
// system_header` go (gcc warns of them in the main file; a header included
// once needs no guard); a leading byte-order mark goes too. A header with
// `#pragma once` that is included again elsewhere is not written (that
// inclusion would define everything twice), nor one with an `#include
// MACRO` (its name cannot be rewritten), nor a chain through a system
// header: the translation then refuses the directive as before.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_HEADERINLINING_H
#define PARADE_TRANSLATOR_HEADERINLINING_H

#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

#include <map>
#include <set>
#include <string>

namespace parade {

/// @p Name as a `#line` or `#include` line writes a file's name: in
/// double quotes, with `\` and `"` escaped.
std::string quotedFileName(llvm::StringRef Name);

/// What the preprocessor did with the `#include` lines and `#pragma once`
/// lines of the translation unit, recorded while it runs.
class InclusionRecorder : public clang::PPCallbacks {
public:
  explicit InclusionRecorder(clang::Preprocessor &PP) : PP(PP) {}

  void InclusionDirective(clang::SourceLocation HashLoc, const clang::Token &IncludeTok,
                          llvm::StringRef FileName, bool IsAngled,
                          clang::CharSourceRange FilenameRange, clang::OptionalFileEntryRef File,
                          llvm::StringRef SearchPath, llvm::StringRef RelativePath,
                          const clang::Module *SuggestedModule, bool ModuleImported,
                          clang::SrcMgr::CharacteristicKind FileType) override;
  void PragmaDirective(clang::SourceLocation Loc, clang::PragmaIntroducerKind Introducer) override;

  struct Inclusion {
    clang::SourceLocation Hash;
    clang::SourceLocation Keyword; ///< `include`, `include_next`, ...
    clang::CharSourceRange Filename;
    std::string RealPath; ///< of the file found; empty when none was
    bool Rewrite;         ///< quoted or #include_next: names its file by path
    bool Next;            ///< #include_next
    bool Computed;        ///< `#include MACRO`: its name is not in the file
  };
  std::vector<Inclusion> Inclusions;
  /// `#pragma once` and `#pragma GCC system_header`, which mean nothing in
  /// the main file (gcc warns): from their `#` to the end of their last
  /// token.
  std::vector<clang::CharSourceRange> HeaderOnlyPragmas;

private:
  clang::Preprocessor &PP;
};

/// The absolute path of a header as the written-in edits and the
/// translation's requests name it (symbolic links resolved).
std::string headerPath(clang::FileEntryRef File);

/// The edits of the main file that write in the headers of @p Requested
/// (real paths): by the offset of the first character of the `#include`
/// line, the offset past its end and the text that replaces it.
std::map<unsigned, std::pair<unsigned, std::string>>
headerEdits(clang::Preprocessor &PP, const InclusionRecorder &Recorded,
            const std::set<std::string> &Requested);

} // namespace parade

#endif
