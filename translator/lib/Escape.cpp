//===- Escape.cpp - Which variables code elsewhere reaches by address ----===//
#include "Escape.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace parade {

namespace {

/// The expressions that produce the address of a variable's storage:
/// `&lvalue`, and an array lvalue decaying to a pointer.
template <typename Derived> class AddressVisitor : public RecursiveASTVisitor<Derived> {
public:
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = storageVar(U->getSubExpr()))
        static_cast<Derived *>(this)->address(V, U);
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_ArrayToPointerDecay)
      if (const VarDecl *V = storageVar(C->getSubExpr()))
        static_cast<Derived *>(this)->address(V, C);
    return true;
  }
};

class AddressTaken : public AddressVisitor<AddressTaken> {
public:
  llvm::DenseSet<const VarDecl *> Found;
  void address(const VarDecl *V, const Expr *) { Found.insert(V->getCanonicalDecl()); }
};

} // namespace

const VarDecl *storageVar(const Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(E)) {
      if (M->isArrow())
        return nullptr;
      E = M->getBase();
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      const auto *Decay = dyn_cast<ImplicitCastExpr>(A->getBase()->IgnoreParens());
      if (!Decay || Decay->getCastKind() != CK_ArrayToPointerDecay)
        return nullptr; // p[i] of a pointer p
      E = Decay->getSubExpr();
    } else if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      return dyn_cast<VarDecl>(DRE->getDecl());
    } else {
      return nullptr;
    }
  }
}

llvm::DenseSet<const VarDecl *> addressTakenVariables(TranslationUnitDecl *TU) {
  AddressTaken Find;
  Find.TraverseDecl(TU);
  return Find.Found;
}

} // namespace parade
