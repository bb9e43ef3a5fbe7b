//===- DeferredUpdates.cpp - Updates applied at synchronisation ----------===//
#include "DeferredUpdates.h"

#include "AstUtil.h"
#include "Collectives.h"
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

/// The indexes of the subscripts on the way from object @p Target to its
/// variable or pointer (`i` and `k` of `a[i].v[k]`), appended to @p Out.
void collectIndexes(const Expr *Target, std::vector<const Expr *> &Out) {
  for (const Expr *E = Target->IgnoreParenImpCasts();;) {
    if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
      Out.push_back(A->getIdx());
      E = A->getBase()->IgnoreParenImpCasts();
    } else if (const auto *M = dyn_cast<MemberExpr>(E)) {
      E = M->getBase()->IgnoreParenImpCasts();
    } else if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_Deref) {
      E = U->getSubExpr()->IgnoreParenImpCasts();
    } else {
      return;
    }
  }
}

} // namespace

namespace {

/// The deferred form of @p Updates, the updates construct @p D performs
/// (one for an atomic, each statement of a critical's block): each as a
/// parade_atomic_update, or a parade_critical_update under @p LockName
/// when it is not empty. nullopt with the reason when the thread itself
/// may read an updated object before its next synchronisation applies it.
std::optional<std::string> deferredForm(Translation &T, const OMPExecutableDirective *D,
                                        const OMPExecutableDirective *Region,
                                        const std::vector<Update> &Updates,
                                        const std::string &LockName, std::string &Why) {
  // Where the thread may read an updated object before its next
  // synchronisation: the worksharing loop around the construct, which
  // ends in a barrier that applies the updates (in a loop of the region,
  // what follows the barrier comes after it again), else the region.
  const Stmt *Scope = Region ? directiveBody(Region) : nullptr;
  for (const OMPExecutableDirective *L = enclosingDirective(T.Ctx, D, isLoop); L;
       L = enclosingDirective(T.Ctx, L, isLoop)) {
    if (L == Region)
      break;
    if ((L->getDirectiveKind() == llvm::omp::OMPD_for ||
         L->getDirectiveKind() == llvm::omp::OMPD_for_simd) &&
        !clause<OMPNowaitClause>(L)) {
      Scope = directiveBody(L);
      break;
    }
  }
  if (!Scope)
    if (const FunctionDecl *F = enclosingFunction(T.Ctx, D))
      Scope = F->getBody();
  std::string Code = "{ ", Instance;
  for (size_t I = 0; I < Updates.size(); I++) {
    const Update &U = Updates[I];
    const Expr *X = U.Target, *Value = U.Value;
    std::string ValueText = U.Step ? std::to_string(U.Step) : "";
    QualType Ty = X->getType();
    std::string TypeName = runtimeTypeName(Ty, T.Ctx);
    if (TypeName.empty() || X->refersToBitField() || Ty.isVolatileQualified() ||
        Ty->isBooleanType()) {
      Why = "the updated object is not an arithmetic variable";
      return std::nullopt;
    }
    if (Value) {
      // Combining the values first must give what the C conversions give:
      // true for integer objects of integer values, and for floating
      // objects of values no wider (a float updated by a double would be
      // rounded twice).
      QualType VT = Value->IgnoreParenImpCasts()->getType();
      if (Ty->isIntegerType() && !VT->isIntegerType()) {
        Why = "an integer object updated by a non-integer value";
        return std::nullopt;
      }
      if (Ty->isRealFloatingType() && VT->isRealFloatingType() &&
          T.Ctx.getFloatingTypeOrder(Ty, VT) < 0) {
        Why = "a floating object updated by a wider floating value";
        return std::nullopt;
      }
      ValueText = "(" + T.text(Value->getSourceRange()) + ")";
    }
    // Through a pointer read from an array or a structure, the object may
    // be any of its type, which this analysis does not follow.
    for (const Expr *E = X->IgnoreParenImpCasts();;) {
      const Expr *Inner = nullptr;
      if (const auto *A = dyn_cast<ArraySubscriptExpr>(E))
        Inner = A->getBase()->IgnoreParenImpCasts();
      else if (const auto *M = dyn_cast<MemberExpr>(E))
        Inner = M->getBase()->IgnoreParenImpCasts();
      else if (const auto *Un = dyn_cast<UnaryOperator>(E); Un && Un->getOpcode() == UO_Deref)
        Inner = Un->getSubExpr()->IgnoreParenImpCasts();
      if (!Inner)
        break;
      if (Inner->getType()->isPointerType() && !isa<DeclRefExpr>(Inner)) {
        Why = "the updated object is reached through a pointer held in an array or a structure";
        return std::nullopt;
      }
      E = Inner;
    }
    // The thread must see its own update: a read of the object outside an
    // atomic or critical, where the deferred value is not yet applied,
    // keeps the lock.
    const VarDecl *Base = objectBase(X);
    if (!Base) {
      Why = "the updated object is not reached through a variable";
      return std::nullopt;
    }
    struct PlainUses : RecursiveASTVisitor<PlainUses> {
      const VarDecl *Base;
      const Expr *Found = nullptr;
      bool ByCall = false;
      llvm::DenseSet<const FunctionDecl *> Seen;
      // An atomic applies the thread's deferred updates before it takes
      // the lock, but its value, and the indexes of its object, are read
      // before that: a name of the object there counts, and a read through
      // a pointer when the object is itself reached through a pointer.
      bool InAtomicValue = false;
      const Expr *AtomicPointerRead = nullptr;
      bool TraverseOMPAtomicDirective(OMPAtomicDirective *A) {
        std::vector<const Expr *> Read;
        if (A->getExpr())
          Read.push_back(A->getExpr());
        if (A->getX())
          collectIndexes(A->getX(), Read);
        InAtomicValue = true;
        bool Ok = true;
        for (const Expr *E : Read)
          Ok = Ok && TraverseStmt(const_cast<Expr *>(E));
        InAtomicValue = false;
        return Ok;
      }
      bool TraverseCapturedStmt(CapturedStmt *S) { return TraverseDecl(S->getCapturedDecl()); }
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
        if (E->getType().getCanonicalType().getUnqualifiedType() != Object)
          return;
        if (InAtomicValue && !AtomicPointerRead)
          AtomicPointerRead = E;
        else if (!InAtomicValue && !PointerRead)
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
            Any |=
                callEffect(C) == CallEffect::Unknown && Outer.calleeMayRead(C->getDirectCallee());
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
    if (const Expr *Escape = addressTaken(T.Ctx, Base)) {
      Why = "'" + Base->getName().str() + "' is reached through a pointer taken at line " +
            std::to_string(T.SM.getExpansionLineNumber(Escape->getBeginLoc())) +
            ", which the thread may read before its update is applied";
      return std::nullopt;
    }
    if (!Uses.PointerRead && Base->getType()->isPointerType())
      Uses.PointerRead = Uses.AtomicPointerRead;
    if (Uses.PointerRead &&
        (Base->getType()->isPointerType() || Base->hasExternalFormalLinkage())) {
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
            (Uses.ByCall ? "perhaps read by the call" + Line
                         : "used outside atomics and criticals" + Line) +
            ", where the thread must see its own update";
      return std::nullopt;
    }
    std::string Name = "parade_av" + (I ? std::to_string(I) : std::string());
    std::string Cast = T.cast(Ty);
    std::string V = U.Negate ? "(-" + Cast + ValueText + ")" : Cast + ValueText;
    Code += T.declare(Ty.getUnqualifiedType(), Name) + " = " + V + "; ";
    std::string Args =
        "(void *)&(" + T.text(X->getSourceRange()) + "), " + TypeName + ", " + U.Op + ", &" + Name;
    if (LockName.empty())
      Code += "parade_atomic_update(" + Args + "); ";
    else
      Instance += std::string(I ? ", " : "") + "{" + Args + "}";
  }
  // A critical's updates go in together: one instance of the block.
  if (!LockName.empty())
    Code += "parade_update parade_au[] = {" + Instance + "}; parade_critical_update(" + LockName +
            ", parade_au, " + std::to_string(Updates.size()) + "); ";
  return Code + "}";
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
  return deferredForm(T, D, Region, {*U}, "", Why);
}

std::optional<std::string> criticalAsDeferred(Translation &T, const OMPExecutableDirective *D,
                                              const OMPExecutableDirective *Region,
                                              const std::string &LockName, std::string &Why) {
  if (T.Opts.ForceLockPath) {
    Why = "-fparade-sync=lock";
    return std::nullopt;
  }
  std::vector<const Stmt *> Stmts;
  const Stmt *Body = directiveBody(D);
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    Stmts.assign(CS->body_begin(), CS->body_end());
  else if (Body)
    Stmts.push_back(Body);
  if (Stmts.empty()) {
    Why = "the block is empty";
    return std::nullopt;
  }
  std::vector<Update> Updates;
  for (const Stmt *S : Stmts) {
    std::optional<Update> U = statementUpdate(S, T.Ctx, Why);
    if (!U)
      return std::nullopt;
    Updates.push_back(*U);
  }
  // The block's instances are merged per object and operator: two
  // operators on what may be one object would not commute.
  for (size_t I = 0; I < Updates.size(); I++)
    for (size_t J = I + 1; J < Updates.size(); J++) {
      if (Updates[I].Op == Updates[J].Op)
        continue;
      const auto *A = dyn_cast<DeclRefExpr>(Updates[I].Target->IgnoreParenImpCasts());
      const auto *B = dyn_cast<DeclRefExpr>(Updates[J].Target->IgnoreParenImpCasts());
      if (!A || !B || A->getDecl() == B->getDecl()) {
        Why = "the block updates what may be one object with two operators";
        return std::nullopt;
      }
    }
  // Each value, and each index of an updated element, is evaluated where
  // the block was, outside the lock: it may have no effect another thread
  // could see, nor read what the block updates (its own updates are not
  // applied yet) or what another critical or atomic may write meanwhile.
  llvm::DenseSet<const VarDecl *> Updated;
  for (const Update &U : Updates)
    if (const VarDecl *B = objectBase(U.Target))
      Updated.insert(B);
  for (const Update &U : Updates) {
    std::vector<const Expr *> Evaluated;
    if (U.Value)
      Evaluated.push_back(U.Value);
    collectIndexes(U.Target, Evaluated);
    for (const Expr *E : Evaluated) {
      std::vector<const VarDecl *> Written;
      std::string Unfit = collectiveUnfit(T, E, Written);
      if (Unfit.empty() && !Written.empty())
        Unfit = "the block writes '" + Written.front()->getName().str() + "' inside an update";
      if (!Unfit.empty()) {
        Why = Unfit;
        return std::nullopt;
      }
      struct Names : RecursiveASTVisitor<Names> {
        const llvm::DenseSet<const VarDecl *> &Updated;
        const VarDecl *Found = nullptr;
        explicit Names(const llvm::DenseSet<const VarDecl *> &Updated) : Updated(Updated) {}
        bool VisitDeclRefExpr(DeclRefExpr *R) {
          if (const auto *V = dyn_cast<VarDecl>(R->getDecl()); V && Updated.count(V))
            Found = V;
          return !Found;
        }
      } N(Updated);
      N.TraverseStmt(const_cast<Expr *>(E));
      if (N.Found) {
        Why = "a value of the block reads '" + N.Found->getName().str() +
              "', which the block updates";
        return std::nullopt;
      }
      std::string Read = readsSyncWritten(T, E, Region);
      if (!Read.empty()) {
        Why = "a value of the block reads " + Read +
              ", which a critical or atomic of this file may write meanwhile";
        return std::nullopt;
      }
    }
  }
  return deferredForm(T, D, Region, Updates, LockName, Why);
}

} // namespace parade
