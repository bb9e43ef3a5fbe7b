//===- DeferredAtomics.cpp - Atomic updates applied at synchronisation ----===//
#include "DeferredAtomics.h"

#include "AstUtil.h"
#include "Purity.h"
#include "UpdateForm.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace parade {

namespace {

/// The variable an update's object belongs to: through array subscripts
/// and members to the variable, or the pointer it is reached through.
const VarDecl *objectBase(const Expr *E) {
  for (;;) {
    E = E->IgnoreParenImpCasts();
    if (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase();
    else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
      E = A->getBase();
    else if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref)
      E = U->getSubExpr();
    else if (const auto *R = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(R->getDecl());
    else
      return nullptr;
  }
}

/// Where in this file @p Base's address (or, for a pointer, its value)
/// goes somewhere it can be read through later: `&acc[i]`, `double *p =
/// acc`, `q = p`, `f(acc)`; null when it is only subscripted, dereferenced
/// or named.
const Expr *addressTaken(Translation &T, const VarDecl *Base) {
  struct Finder : RecursiveASTVisitor<Finder> {
    Translation &T;
    const VarDecl *Base;
    const Expr *Found = nullptr;
    Finder(Translation &T, const VarDecl *Base) : T(T), Base(Base) {}
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      if (R->getDecl() != Base || Found)
        return !Found;
      // Up through what keeps designating (part of) the object.
      DynTypedNode Node = DynTypedNode::create(*static_cast<const Expr *>(R));
      const Expr *Top = R;
      for (;;) {
        auto Parents = T.Ctx.getParents(Node);
        if (Parents.empty())
          break;
        const auto *P = Parents[0].get<Expr>();
        if (!P)
          break;
        if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P)) {
          // A value read that is no pointer gives no address; a pointer's
          // value (the variable's, or a member's: s.v) goes on up.
          if (Cast->getCastKind() == CK_LValueToRValue && !Top->getType()->isPointerType())
            return true;
          if (Cast->getCastKind() == CK_ArrayToPointerDecay ||
              Cast->getCastKind() == CK_LValueToRValue || Cast->getCastKind() == CK_NoOp) {
            Node = Parents[0];
            Top = P;
            continue;
          }
          break;
        }
        if (isa<ParenExpr>(P) || (isa<MemberExpr>(P) && !cast<MemberExpr>(P)->isArrow())) {
          Node = Parents[0];
          Top = P;
          continue;
        }
        if (const auto *A = dyn_cast<ArraySubscriptExpr>(P)) {
          if (A->getBase()->IgnoreParenImpCasts() != Top->IgnoreParenImpCasts())
            return true; // an index
          Node = Parents[0];
          Top = P;
          continue;
        }
        if (const auto *U = dyn_cast<UnaryOperator>(P)) {
          if (U->getOpcode() == UO_AddrOf) {
            Found = U;
            return false;
          }
          if (U->getOpcode() == UO_Deref) {
            Node = Parents[0];
            Top = P;
            continue;
          }
          return true; // ++, --: the object itself
        }
        if (const auto *M = dyn_cast<MemberExpr>(P); M && M->isArrow())
          return true; // a member read through the pointer
        break;
      }
      // Anything else that receives a pointer (an assignment, an
      // initialiser, an argument, a return) keeps it.
      if (Top->getType()->isPointerType())
        Found = Top;
      return !Found;
    }
  } F(T, Base);
  F.TraverseDecl(T.Ctx.getTranslationUnitDecl());
  return F.Found;
}

} // namespace

std::optional<std::string> atomicAsDeferred(Translation &T, const OMPExecutableDirective *D,
                                            const OMPExecutableDirective *Region,
                                            std::string &Why) {
  if (T.Opts.ForceLockPath) {
    Why = "-fparade-sync=lock";
    return std::nullopt;
  }
  for (const OMPClause *C : D->clauses())
    if (!isa<OMPUpdateClause, OMPRelaxedClause>(C)) {
      Why = "it has a '" + llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() + "' clause";
      return std::nullopt;
    }
  const auto *Atomic = dyn_cast<OMPAtomicDirective>(D);
  std::optional<Update> U = Atomic ? atomicUpdate(Atomic, Why) : std::nullopt;
  if (!U) {
    Why = "the update is not x += e, x -= e, x *= e, x &= e, x |= e, x ^= e, x++ or x--";
    return std::nullopt;
  }
  const Expr *X = U->Target, *Value = U->Value;
  std::string ValueText = U->Step ? std::to_string(U->Step) : "";
  QualType Ty = X->getType();
  std::string TypeName = runtimeTypeName(Ty, T.Ctx);
  if (TypeName.empty() || X->refersToBitField() || Ty.isVolatileQualified()) {
    Why = "the updated object is not an arithmetic variable";
    return std::nullopt;
  }
  if (Value) {
    // Combining the values first must give what the C conversions give:
    // true for floating objects, and for integer objects of integer values.
    QualType VT = Value->IgnoreParenImpCasts()->getType();
    if (Ty->isIntegerType() && !VT->isIntegerType()) {
      Why = "an integer object updated by a non-integer value";
      return std::nullopt;
    }
    ValueText = "(" + T.text(Value->getSourceRange()) + ")";
  }
  // The thread must see its own update: a read of the object outside an
  // atomic, where the deferred value is not yet applied, keeps the lock.
  const VarDecl *Base = objectBase(X);
  if (!Base) {
    Why = "the updated object is not reached through a variable";
    return std::nullopt;
  }
  const Stmt *Scope = Region ? directiveBody(Region) : nullptr;
  if (!Scope) {
    DynTypedNode Node = DynTypedNode::create(*D);
    for (auto Parents = T.Ctx.getParents(Node); !Parents.empty();
         Parents = T.Ctx.getParents(Parents[0]))
      if (const auto *F = Parents[0].get<FunctionDecl>()) {
        Scope = F->getBody();
        break;
      }
  }
  struct PlainUses : RecursiveASTVisitor<PlainUses> {
    const VarDecl *Base;
    const Expr *Found = nullptr;
    bool ByCall = false;
    llvm::DenseSet<const FunctionDecl *> Seen;
    bool TraverseOMPAtomicDirective(OMPAtomicDirective *) { return true; }
    // Entering a critical applies the thread's deferred updates (the lock
    // path's acquire, a collective's store; a collective's values never
    // read what an atomic writes, see updateAsCollective).
    bool TraverseOMPCriticalDirective(OMPCriticalDirective *) { return true; }
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      if (R->getDecl() == Base)
        Found = R;
      return !Found;
    }
    // A read through a pointer of the object's type, which may reach it.
    QualType Object;
    const Expr *PointerRead = nullptr;
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (U->getOpcode() == UO_Deref)
        readThrough(U);
      return true;
    }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) {
      if (!A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        readThrough(A);
      return true;
    }
    bool VisitMemberExpr(MemberExpr *M) {
      if (M->isArrow())
        readThrough(M);
      return true;
    }
    void readThrough(const Expr *E) {
      if (!PointerRead && E->getType().getCanonicalType().getUnqualifiedType() == Object)
        PointerRead = E;
    }
    // A function the thread calls may read a global or static object:
    // one of this file, through its body (and its callees'); any other of
    // the program, or a call through a pointer, when another file can
    // name the object.
    bool VisitCallExpr(CallExpr *C) {
      if (!Base->hasGlobalStorage() || callEffect(C) != CallEffect::Unknown)
        return true;
      if (calleeMayRead(C->getDirectCallee()))
        Found = C, ByCall = true;
      return !Found;
    }
    bool calleeMayRead(const FunctionDecl *F) {
      if (!F)
        return true;
      const FunctionDecl *Def = nullptr;
      if (!F->hasBody(Def))
        return Base->hasExternalFormalLinkage();
      if (!Seen.insert(Def).second)
        return false;
      struct Reads : RecursiveASTVisitor<Reads> {
        PlainUses &Outer;
        bool Any = false;
        explicit Reads(PlainUses &Outer) : Outer(Outer) {}
        bool VisitDeclRefExpr(DeclRefExpr *R) {
          Any |= R->getDecl() == Outer.Base;
          return !Any;
        }
        bool VisitCallExpr(CallExpr *C) {
          Any |= callEffect(C) == CallEffect::Unknown && Outer.calleeMayRead(C->getDirectCallee());
          return !Any;
        }
      } R(*this);
      R.TraverseStmt(Def->getBody());
      return R.Any;
    }
  } Uses;
  Uses.Base = Base;
  Uses.Object = Ty.getCanonicalType().getUnqualifiedType();
  if (Scope)
    Uses.TraverseStmt(const_cast<Stmt *>(Scope));
  // Or through a pointer: one the object's address went into in this file,
  // or, for an object reached through a pointer or that other files can
  // name, any pointer to its type that the thread reads through.
  if (const Expr *Escape = addressTaken(T, Base)) {
    Why = "'" + Base->getName().str() + "' is reached through a pointer taken at line " +
          std::to_string(T.SM.getExpansionLineNumber(Escape->getBeginLoc())) +
          ", which the thread may read before its update is applied";
    return std::nullopt;
  }
  if (Uses.PointerRead && (Base->getType()->isPointerType() || Base->hasExternalFormalLinkage())) {
    Why = "the thread reads through a pointer at line " +
          std::to_string(T.SM.getExpansionLineNumber(Uses.PointerRead->getBeginLoc())) +
          ", which may reach '" + Base->getName().str() + "' before its update is applied";
    return std::nullopt;
  }
  if (!Scope || Uses.Found) {
    std::string Line =
        Uses.Found
            ? " at line " + std::to_string(T.SM.getExpansionLineNumber(Uses.Found->getBeginLoc()))
            : std::string();
    Why = "'" + Base->getName().str() + "' is " +
          (Uses.ByCall ? "perhaps read by the call" + Line : "used outside atomics" + Line) +
          ", where the thread must see its own update";
    return std::nullopt;
  }
  std::string Cast = T.cast(Ty);
  std::string V = U->Negate ? "(-" + Cast + ValueText + ")" : Cast + ValueText;
  return "{ " + T.declare(Ty.getUnqualifiedType(), "parade_av") + " = " + V +
         "; parade_atomic_update((void *)&(" + T.text(X->getSourceRange()) + "), " + TypeName +
         ", " + U->Op + ", &parade_av); }";
}

} // namespace parade
