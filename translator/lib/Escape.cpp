//===- Escape.cpp - Which variables code elsewhere reaches by address ----===//
#include "Escape.h"

#include "Purity.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OpenMPKinds.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

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

/// Whether the address that @p E computes can outlive the expression that
/// uses it: it is stored, returned, or passed to a call that may keep it.
/// Dereferencing, indexing, comparing and discarding it do not.
bool escapes(ASTContext &Ctx, const Expr *E) {
  const Expr *Cur = E;
  while (true) {
    auto Parents = Ctx.getParents(*Cur);
    if (Parents.size() != 1)
      return true;
    const DynTypedNode &Parent = Parents[0];
    if (Parent.get<Decl>())
      return true; // initialises a variable
    const auto *P = Parent.get<Expr>();
    if (!P) {
      // A statement discards or tests the value, except these.
      const Stmt *S = Parent.get<Stmt>();
      return !S || isa<ReturnStmt, AsmStmt>(S);
    }
    if (isa<ParenExpr>(P)) {
      Cur = P;
    } else if (const auto *Cast = dyn_cast<CastExpr>(P)) {
      QualType To = Cast->getType();
      if (To->isVoidType() || To->isBooleanType())
        return false;
      if (!To->isPointerType())
        return true; // an integer can turn back into the pointer
      Cur = Cast;
    } else if (const auto *U = dyn_cast<UnaryOperator>(P)) {
      return U->getOpcode() != UO_Deref && U->getOpcode() != UO_LNot;
    } else if (isa<MemberExpr, ArraySubscriptExpr, UnaryExprOrTypeTraitExpr, VAArgExpr>(P)) {
      return false; // (&s)->f, a[i]: storage, not an address
    } else if (const auto *B = dyn_cast<BinaryOperator>(P)) {
      if (B->isComparisonOp() || B->isLogicalOp())
        return false;
      if (B->getOpcode() == BO_Comma && B->getLHS() == Cur)
        return false;
      if (B->getOpcode() == BO_Sub && !B->getType()->isPointerType())
        return false; // a difference of pointers
      if (B->getOpcode() != BO_Comma && !B->isAdditiveOp())
        return true; // assigned
      Cur = B;
    } else if (const auto *C = dyn_cast<AbstractConditionalOperator>(P)) {
      if (C->getCond() == Cur)
        return false;
      Cur = C;
    } else if (const auto *Call = dyn_cast<CallExpr>(P)) {
      switch (callEffect(Call)) {
      case CallEffect::Pure: return false;
      case CallEffect::ThroughArguments:
        // memcpy returns its destination: follow what becomes of it.
        if (!Call->getType()->isPointerType())
          return false;
        Cur = Call;
        break;
      case CallEffect::Unknown: return true;
      }
    } else {
      return true; // an initialiser list, a compound literal, ...
    }
  }
}

class EscapeFinder : public AddressVisitor<EscapeFinder> {
public:
  explicit EscapeFinder(ASTContext &Ctx) : Ctx(Ctx) {}
  std::vector<const VarDecl *> Found;

  void address(const VarDecl *V, const Expr *E) {
    if (!V->hasLocalStorage() || Seen.count(V))
      return;
    if (escapes(Ctx, E)) {
      Seen.insert(V);
      Found.push_back(V);
    }
  }

private:
  ASTContext &Ctx;
  llvm::DenseSet<const VarDecl *> Seen;
};

/// Who calls whom in this unit, and who may fork by itself.
class CallGraph : public RecursiveASTVisitor<CallGraph> {
public:
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<const FunctionDecl *, 4>> Callers;
  llvm::DenseSet<const FunctionDecl *> Forks;

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody())
      return true;
    const FunctionDecl *Outer = Current;
    Current = F->getCanonicalDecl();
    bool Ok = RecursiveASTVisitor::TraverseFunctionDecl(F);
    Current = Outer;
    return Ok;
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (Current && isOpenMPParallelDirective(D->getDirectiveKind()))
      Forks.insert(Current);
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    if (!Current)
      return true;
    if (mayForkOutsideUnit(C))
      Forks.insert(Current);
    else if (const FunctionDecl *Callee = C->getDirectCallee(); Callee && Callee->isDefined())
      Callers[Callee->getCanonicalDecl()].push_back(Current);
    return true;
  }

private:
  const FunctionDecl *Current = nullptr;
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

llvm::DenseSet<const FunctionDecl *> functionsThatMayFork(TranslationUnitDecl *TU) {
  CallGraph G;
  G.TraverseDecl(TU);
  llvm::DenseSet<const FunctionDecl *> Out = G.Forks;
  std::vector<const FunctionDecl *> Work(G.Forks.begin(), G.Forks.end());
  while (!Work.empty()) {
    const FunctionDecl *F = Work.back();
    Work.pop_back();
    for (const FunctionDecl *Caller : G.Callers.lookup(F))
      if (Out.insert(Caller).second)
        Work.push_back(Caller);
  }
  return Out;
}

std::vector<const VarDecl *> escapingLocals(ASTContext &Ctx, const FunctionDecl *F) {
  EscapeFinder Find(Ctx);
  Find.TraverseStmt(F->getBody());
  return Find.Found;
}

} // namespace parade
