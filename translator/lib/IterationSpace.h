//===- IterationSpace.h - A loop nest's iterations as C text ----*- C++ -*-===//
//
// The loops of a loop directive, numbered 0 .. parade_n - 1 so that any
// construct can hand out ranges of iteration numbers (a work-sharing loop
// to threads, a taskloop to tasks):
//
//   for (i = 0; i < n; i++)      Bounds:  long long parade_lb0 = (long long)0,
//     for (j = m; j > 0; j--)             parade_ub0 = ..., parade_st0 = (1);
//       ...                               long long parade_n0 = <count>; ...
//                                Total:   parade_n0 * parade_n1
//                                Indices: int i = ...; int j = ...; from
//                                         iteration number parade_r
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_ITERATIONSPACE_H
#define PARADE_TRANSLATOR_ITERATIONSPACE_H

#include "ConstructContext.h"
#include "LoopNest.h"

#include <string>
#include <vector>

namespace parade {

struct IterationSpace {
  /// Declares each loop's bounds parade_lbK, parade_ubK, parade_stK, its
  /// count parade_nK (and, for a pointer loop, its base parade_pbK).
  std::string Bounds;
  /// The number of iterations of the nest, over the counts.
  std::string Total;
  /// Declares the loop variables of iteration number parade_r (consumes
  /// parade_r for a collapsed nest).
  std::string Indices;
  /// Per loop: the loop variable's value after its last iteration.
  std::vector<std::string> Finals;
  /// The variables Indices and Finals read (besides parade_r), with their
  /// types: what an outlined body needs from Bounds.
  std::vector<std::pair<clang::QualType, std::string>> Inputs;
  /// A non-rectangular nest: Bounds also count each outer iteration's
  /// inner loop, and the inner variable has no final value (empty).
  bool NonRectangular = false;
};

IterationSpace iterationSpace(ConstructContext &C, const std::vector<CanonicalLoop> &Loops);

/// The number of iterations of a loop with bounds parade_lb<S>, parade_ub<S>
/// and step parade_st<S> that compares with @p Cmp, as C text.
std::string countExpr(clang::BinaryOperatorKind Cmp, const std::string &S);

/// A loop's step as C text, negative for a loop that counts down.
std::string stepText(ConstructContext &C, const CanonicalLoop &L);

/// The type of a loop's bounds: unsigned long long for a 64-bit unsigned
/// loop variable (its values may pass 2^63), long long otherwise.
std::string boundType(const clang::ASTContext &Ctx, clang::QualType VarTy);

} // namespace parade

#endif
