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
  if (Scope)
    Uses.TraverseStmt(const_cast<Stmt *>(Scope));
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
