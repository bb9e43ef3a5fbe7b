//===- UpdateForm.h - The update a critical or atomic block performs -*- C++ -*-===//
//
// The shape `x op= e` of one update, the input of the collective and the
// deferred translations of critical and atomic:
//
//   #pragma omp atomic          atomicUpdate: Target `sum`, Value `v * 2`,
//   sum = sum + v * 2;            Op PARADE_OP_SUM (from Sema's analysis)
//
//   #pragma omp critical        statementUpdate, per statement:
//   { n--; p *= f; }              {n, Step -1}, {p, Value f, PARADE_OP_PROD}
//
// An atomic is read off what Sema computed for it (getX, getExpr,
// getUpdateExpr, isXLHSInRHSPart); a statement of a critical block is
// recognised with AST matchers. Nothing about x or e is checked here
// (shared, scalar, pure): the callers decide that.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_UPDATEFORM_H
#define PARADE_TRANSLATOR_UPDATEFORM_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

#include <optional>
#include <string>

namespace parade {

/// One update `x op= e` of a critical or atomic block.
struct Update {
  const clang::VarDecl *Var = nullptr; ///< x, once the caller has checked it
  const clang::Expr *Target = nullptr; ///< the lvalue x as written
  const clang::Expr *Value = nullptr;  ///< e, or null for ++/--
  std::string Op;                      ///< parade_op enumerator
  bool Negate = false;                 ///< x -= e: contribute -e
  int Step = 0;                        ///< ++: 1, --: -1
};

/// The update an `atomic` (update form) performs, from Sema's analysis of
/// @p A, or nullopt with the reason in @p Why (an operator without a
/// collective form, `x = e - x`, another atomic form).
std::optional<Update> atomicUpdate(const clang::OMPAtomicDirective *A, std::string &Why);

/// Statement @p S of a critical block as an update: x++, x--, x op= e,
/// x = x op e, or x = e op x for an operator that commutes; nullopt with
/// the reason in @p Why otherwise.
std::optional<Update> statementUpdate(const clang::Stmt *S, clang::ASTContext &Ctx,
                                      std::string &Why);

} // namespace parade

#endif
