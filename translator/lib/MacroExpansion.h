//===- MacroExpansion.h - macro invocations written out as their expansion -*- C++ -*-===//
//
// Some macro invocations of the main file cannot be rewritten in place,
// so before the translation each is replaced by its expansion:
//
// - an invocation whose expansion holds an OpenMP directive (Graph500's
//   `#define OMP(x) _Pragma(x)`, `PRAGMA(omp parallel for)`, a loop macro
//   that starts with `_Pragma("omp parallel for")`): a directive inside a
//   macro has no text of its own, so it becomes a `#pragma omp` line;
//
//     #define OMP(x) _Pragma(x)
//     OMP("omp parallel for")         ==>   #pragma omp parallel for
//     for (i = 0; i < n; i++) ...           for (i = 0; i < n; i++) ...
//
// - an invocation the translation asked for: one that an expression it
//   must copy starts or ends inside (`#pragma omp atomic` over
//   `ADD(total, x)` with `#define ADD(t, x) t += (x)`). The translation
//   fails, names the invocations, and runs again on the text with them
//   written out.
//
// The same pass blanks the file's `#pragma omp assume` lines, which Clang
// 19 does not parse: an assumption is a hint, and its block (or
// statement) runs as it is, as OpenMP allows.
//
// The expansion is the preprocessor's own (its tokens, `__LINE__` and
// `__FILE__` already replaced, with gcc's values), and the other macros of the file are left
// as they are. Lines keep their numbers: where the expansion needs more
// lines than the invocation had, `#line` directives restore them.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_MACROEXPANSION_H
#define PARADE_TRANSLATOR_MACROEXPANSION_H

#include "Translator.h"

#include <optional>
#include <set>

namespace parade {

/// The destringized operand of the `_Pragma` the preprocessor is reading
/// (called from PPCallbacks::PragmaDirective), which its pragma lexer
/// holds; std::nullopt when the current lexer is not a pragma lexer.
std::optional<llvm::StringRef> pragmaOperandText(clang::Preprocessor &PP);

/// The text of the main file of @p Tool with every macro invocation that
/// spells an OpenMP directive, or that begins at a file offset in
/// @p Requested, replaced by its expansion, its assume directives and a
/// flush's seq_cst blanked, and the headers of @p Headers (real paths) written in
/// (HeaderInlining.h); empty when there is none (or the file does not preprocess:
/// the translation then reports why). `__LINE__` and `__FILE__` in the
/// expansions are what gcc gives them, the file named @p FileName when
/// not empty (the name the compiler was given).
std::string expandMacroInvocations(clang::tooling::ClangTool &Tool,
                                   const std::set<unsigned> &Requested,
                                   const std::set<std::string> &Headers, llvm::StringRef FileName);

} // namespace parade

#endif
