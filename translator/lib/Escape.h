//===- Escape.h - Which variables code elsewhere reaches by address -*- C++ -*-===//
//
// An automatic variable lives on its thread's stack, which threads of other
// ranks cannot see. If its address escapes (is passed to a call that may
// keep it or hand it on, stored, or returned) from a function that may
// start a parallel region while the variable lives, a region in some
// callee may use it: it must live in the pool.
//
//   static void work(double *acc);      work holds a parallel region
//   static void driver(void) {          driver may fork: it calls work
//     double sum = 0;                   ==> sum moves to the pool
//     work(&sum);
//     char line[80];                    line reaches only snprintf (see
//     snprintf(line, 80, "%f", sum);        Purity.h): it stays put
//   }
//
// A function may fork when it holds a parallel region, calls a function of
// this unit that may, or makes a call that may fork outside this unit
// (mayForkOutsideUnit). A function that may not fork keeps its locals on
// the stack whatever it does with their addresses: no region runs while
// they live.

//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_ESCAPE_H
#define PARADE_TRANSLATOR_ESCAPE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseSet.h"

#include <vector>

namespace parade {

/// @brief The variable whose storage @p E designates: `x`, `x.f`, `x[i]`
/// of an array x, and combinations of them; null through a pointer.
const clang::VarDecl *storageVar(const clang::Expr *E);

/// @brief The functions defined in @p TU (canonical declarations) that may
/// start a parallel region while they run.
llvm::DenseSet<const clang::FunctionDecl *> functionsThatMayFork(clang::TranslationUnitDecl *TU);

/// @brief The automatic variables and parameters of @p F whose address
/// escapes, in order of first appearance.
std::vector<const clang::VarDecl *> escapingLocals(clang::ASTContext &Ctx,
                                                   const clang::FunctionDecl *F);

} // namespace parade

#endif
