//===- Reductions.h - Reduction operators as C text --------------*- C++ -*-===//
//
// What every reduction (of a region, a loop, a task, a scan) needs of its
// operator: its identity for a type, the runtime's operation, the
// combination of a partial into the original, and, for an array of fixed
// size, the loop over its elements.
//
//   reduction(min : d)     identity  (__builtin_huge_val())
//                          runtime   PARADE_OP_MIN
//                          combine   d = d < p ? d : p;
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_REDUCTIONS_H
#define PARADE_TRANSLATOR_REDUCTIONS_H

#include "Context.h"

#include <optional>

namespace parade {

/// The OpenMP identity of a reduction operator for type @p Ty, as C text.
std::string reductionIdentity(Translation &T, llvm::StringRef Op, clang::QualType Ty);
/// The parade_op enumerator of a reduction operator.
std::string reductionRuntimeOp(llvm::StringRef Op);
/// A fixed-size array reduced element by element: its element type and
/// count, a cast to a pointer to its elements, and the loop over them (its
/// index is parade_ri).
struct ElementLoop {
  clang::QualType Elem;
  std::string Count, ElemPtr, Each;
  /// `Ty Name; ` with every element set to @p Op's identity.
  std::string identities(Translation &T, clang::QualType Ty, const std::string &Name,
                         llvm::StringRef Op) const;
};
/// The element loop of @p Ty when it is an array of fixed size.
std::optional<ElementLoop> elementLoop(Translation &T, clang::QualType Ty);

/// `Orig = Orig op Partial` as C text.
std::string reductionCombine(llvm::StringRef Op, const std::string &Orig,
                             const std::string &Partial);

} // namespace parade

#endif
