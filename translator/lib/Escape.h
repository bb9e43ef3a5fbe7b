//===- Escape.h - Which variables code elsewhere reaches by address -*- C++ -*-===//
//
// A global's value can change behind its name only through a pointer to
// it; addressTakenVariables says which variables this unit ever points to:
//
//   static int a, b;
//   int *p = &a;          ==>   { a }: a write through an int pointer may
//   ... b ...                   change a, never b
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_ESCAPE_H
#define PARADE_TRANSLATOR_ESCAPE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseSet.h"

namespace parade {

/// @brief The variable whose storage @p E designates: `x`, `x.f`, `x[i]`
/// of an array x, and combinations of them; null through a pointer.
const clang::VarDecl *storageVar(const clang::Expr *E);

/// @brief Variables (canonical declarations) whose address is taken, or
/// that decay to a pointer, anywhere in @p TU.
llvm::DenseSet<const clang::VarDecl *> addressTakenVariables(clang::TranslationUnitDecl *TU);

} // namespace parade

#endif
