//===- AstUtil.h - Small questions about directives and expressions -*- C++ -*-===//
//
// Facts read off the AST that every pass asks for:
//
//   #pragma omp parallel for collapse(2)   isParallel, isLoop: true
//   for (i = 0; ...)                       clause<OMPCollapseClause>: the clause
//     for (j = 0; ...)                     collapseDepth: 2
//                                          varOf(`(i)`): i
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_ASTUTIL_H
#define PARADE_TRANSLATOR_ASTUTIL_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/SetVector.h"

#include <optional>

namespace parade {

/// A directive that starts a parallel region (parallel, parallel for, ...).
bool isParallel(const clang::OMPExecutableDirective *D);
/// A work-sharing loop directive (for, parallel for, ...).
bool isLoop(const clang::OMPExecutableDirective *D);
/// simd or target simd: one thread runs the loop in place, in order.
bool isSimdInPlace(const clang::OMPExecutableDirective *D);
/// The innermost directive around @p D for which @p Pred holds, if any.
const clang::OMPExecutableDirective *
enclosingDirective(clang::ASTContext &Ctx, const clang::OMPExecutableDirective *D,
                   bool (*Pred)(const clang::OMPExecutableDirective *));
/// A taskloop directive, alone or combined (master taskloop, parallel
/// masked taskloop simd, ...).
bool isTaskLoop(const clang::OMPExecutableDirective *D);
/// A directive that starts a league of teams (teams, target teams
/// distribute parallel for, ...): a region whose threads are each a team.
bool isLeague(const clang::OMPExecutableDirective *D);
/// A loop directive that shares its iterations among the teams of a
/// league (distribute, teams distribute simd, target teams loop, ...).
bool isDistribute(const clang::OMPExecutableDirective *D);

/// The first clause of kind @p C on @p D, or null.
template <typename C> const C *clause(const clang::OMPExecutableDirective *D) {
  for (const clang::OMPClause *Cl : D->clauses())
    if (const auto *Found = llvm::dyn_cast<C>(Cl))
      return Found;
  return nullptr;
}

/// The variable @p E names (through parentheses and implicit casts), or null.
const clang::VarDecl *varOf(const clang::Expr *E);
/// The variable whose storage @p E lies in, through members and subscripts
/// of arrays (not through pointers, which may point anywhere), or null:
/// `flag[i]`, `s.f[2]`: the array's, the struct's.
const clang::VarDecl *objectVar(const clang::Expr *E);

/// The sub-statement whose text ends @p S's (a loop's body, an if's last
/// branch, a label's or case's statement), or null when @p S ends with a
/// token of its own (`;`, `}`, a do loop's `while (...);`).
const clang::Stmt *trailingSubStmt(const clang::Stmt *S);

/// The loops a collapse clause asks for: 1 without one, nullopt if its
/// argument is not a positive constant.
std::optional<unsigned> collapseDepth(const clang::OMPExecutableDirective *D,
                                      clang::ASTContext &Ctx);

/// The variables named in the bounds of variably modified type @p Ty.
void collectSizeVars(clang::ASTContext &Ctx, clang::QualType Ty,
                     llvm::SetVector<const clang::VarDecl *> &Out);

/// The function whose body holds @p S, or null.
const clang::FunctionDecl *enclosingFunction(clang::ASTContext &Ctx, const clang::Stmt *S);

/// Where in this file @p Base's address (or, for a pointer, its value)
/// goes somewhere it can be read through later: `&acc[i]`, `double *p =
/// acc`, `q = p`, `f(acc)`; null when it is only subscripted, dereferenced
/// or named.
const clang::Expr *addressTaken(clang::ASTContext &Ctx, const clang::VarDecl *Base);

} // namespace parade

#endif
