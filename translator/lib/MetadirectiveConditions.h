//===- MetadirectiveConditions.h - run-time user conditions -----*- C++ -*-===//
//
// A metadirective may choose its variant by a condition known only when
// the program runs (OpenMP 5.1's dynamic user condition):
//
//   #pragma omp metadirective when(user={condition(n > 1000)}: parallel) \
//                             otherwise(nothing)
//
// Clang 19 chooses the variant when it parses, and takes a condition that
// is not a constant for false: the block above would run serially even
// for n = 10^6, with nothing said. The translation sees only the variant
// Clang chose, so such a condition is refused at the pragma, as it is
// read. A condition is a constant when its tokens, with object-like
// macros expanded, name no variable, function or enumerator (literals,
// operators, sizeof and type names): the preprocessor cannot tell an
// enumerator from a variable, so a condition on one is refused too.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_METADIRECTIVECONDITIONS_H
#define PARADE_TRANSLATOR_METADIRECTIVECONDITIONS_H

#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"

namespace parade {

class UserConditionChecker : public clang::PPCallbacks {
public:
  explicit UserConditionChecker(clang::Preprocessor &PP);
  void PragmaDirective(clang::SourceLocation Loc, clang::PragmaIntroducerKind Introducer) override;

private:
  bool constantTokens(llvm::ArrayRef<clang::Token> Tokens, unsigned Depth) const;
  clang::Preprocessor &PP;
  unsigned ErrorID;
};

} // namespace parade

#endif
