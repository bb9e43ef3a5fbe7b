//===- LoopNest.h - Loops in OpenMP canonical form --------------*- C++ -*-===//
//
// The loops a loop directive applies to, read as canonical loops:
//
//   #pragma omp for collapse(2)       two CanonicalLoops: {Var i, Lower 0,
//   for (i = 0; i < n; i++)           Upper n, Cmp <, StepConst 1} and
//     for (j = m; j > 0; j -= 2)      {Var j, Lower m, Upper 0, Cmp >,
//       ...                           StepExpr 2, StepNegated}
//
// A loop that is not canonical, or a collapsed nest that is not perfect or
// whose bounds depend on an outer loop variable, is an error at the loop.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_LOOPNEST_H
#define PARADE_TRANSLATOR_LOOPNEST_H

#include "ConstructContext.h"
#include "Context.h"

#include <vector>

namespace parade {

/// A loop in OpenMP canonical form.
struct CanonicalLoop {
  const clang::VarDecl *Var = nullptr;
  const clang::Expr *Lower = nullptr, *Upper = nullptr, *StepExpr = nullptr;
  bool StepNegated = false; ///< `i -= s`, `i = i - s`
  int StepConst = 0;        ///< +1 or -1 for ++/--, else 0
  clang::BinaryOperatorKind Cmp = clang::BO_LT;
  const clang::Stmt *Body = nullptr;
  /// Its bounds name the variable of a loop around it (a
  /// non-rectangular nest: `for (j = i; j < n; j++)`).
  bool BoundsNameOuter = false;
  const clang::ForStmt *For = nullptr;
  /// The block of the loop around it, when that block also holds
  /// intervening code (OpenMP 5.1's imperfectly nested loops).
  const clang::CompoundStmt *Around = nullptr;
};

/// The canonical loops of loop directive @p D (collapse(n) takes n), or
/// none after reporting why. @p NonRectangular: a nest of two whose inner
/// bounds name the outer loop variable is allowed.
std::vector<CanonicalLoop> collapsedLoops(Translation &T, const clang::OMPExecutableDirective *D,
                                          bool NonRectangular = false);

/// The body of one iteration of a collapsed nest: the innermost loop's
/// body, inside the intervening code of the loops around it (before it and
/// after it, in their blocks), which runs once per iteration of the
/// collapsed loop, as OpenMP allows.
std::string nestBody(ConstructContext &C, const std::vector<CanonicalLoop> &Loops);
/// Whether a loop of the nest has intervening code around it.
bool hasInterveningCode(const std::vector<CanonicalLoop> &Loops);

/// The for statements of @p D's loop nest, outermost first, as far as they
/// are perfectly nested (without checking their form): what the analysis
/// and the rewriter need before the translation checks the loops.
std::vector<const clang::ForStmt *> nestedLoops(const clang::OMPExecutableDirective *D,
                                                clang::ASTContext &Ctx);
/// The loops @p D is associated with, whose variables OpenMP makes private:
/// its collapsed loops, or the loops of its doacross nest (ordered(n)) when
/// that is deeper.
std::vector<const clang::ForStmt *> associatedLoops(const clang::OMPExecutableDirective *D,
                                                    clang::ASTContext &Ctx);
/// The variable the init of @p For sets (declares or assigns), if any.
const clang::VarDecl *initVar(const clang::ForStmt *For);

} // namespace parade

#endif
