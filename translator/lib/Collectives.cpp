//===- Collectives.cpp - The ParADE translation of small synchronisation -===//
#include "Collectives.h"

#include "AstUtil.h"
#include "DataSharing.h"
#include "Purity.h"
#include "UpdateForm.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace parade {

bool isShared(Translation &T, const VarDecl *V, SourceLocation Loc) {
  if (!V || !T.sharedStorage(V) || T.privatizingScope(V, Loc))
    return false;
  // A local declared inside a parallel region that also holds Loc is each
  // thread's own, even when the pool holds it (a task shares it).
  if (V->hasLocalStorage())
    for (const Scope &S : T.Scopes)
      if (isOpenMPParallelDirective(S.Directive->getDirectiveKind()) &&
          T.contains(S.Range, V->getLocation()) && T.contains(S.Range, Loc))
        return false;
  return true;
}

namespace {

/// Finds what makes a block unfit for a collective. With a @p Site (a
/// single's directive), a call to a function this file defines is looked
/// into as if its body were written in the block: the shared variables it
/// assigns are the block's, and whatever would make the block unfit makes
/// the call so.
class Analyzable : public RecursiveASTVisitor<Analyzable> {
public:
  Analyzable(Translation &T, bool AllowAssignments, const OMPExecutableDirective *Site = nullptr)
      : T(T), AllowAssignments(AllowAssignments), Site(Site) {}
  std::string Why;
  /// Shared variables the block assigns (for a single), in order.
  std::vector<const VarDecl *> Written;
  llvm::DenseSet<const VarDecl *> Locals; ///< declared inside the block

  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F)
      return fail("the block calls through a function pointer");
    if (callEffect(F) == CallEffect::Pure)
      return true;
    const FunctionDecl *Def = nullptr;
    if (!Site || !F->hasBody(Def) || !Def->getBody())
      return fail("the block calls '" + F->getNameAsString() + "'");
    // The body here must be the code that runs: not an inline definition
    // that another file's external one may stand for, nor a weak one.
    if ((Def->isInlined() && Def->getStorageClass() != SC_Static &&
         !Def->isInlineDefinitionExternallyVisible()) ||
        Def->hasAttr<WeakAttr>())
      return fail("the block calls '" + F->getNameAsString() +
                  "', whose definition here may not be the one that runs");
    return lookInto(Def);
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->hasAttr<CleanupAttr>())
      return fail("the block declares '" + V->getName().str() + "' with a cleanup function");
    // A static or a block-scope extern is no one's local: it names
    // storage that outlives the block.
    if (!V->isStaticLocal() && !V->hasExternalStorage())
      Locals.insert(V);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      return assigned(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      return assigned(U->getSubExpr());
    if (U->getOpcode() == UO_AddrOf)
      return fail("the block takes an address");
    return true;
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *) {
    return fail("the block holds another OpenMP construct");
  }
  bool VisitGCCAsmStmt(GCCAsmStmt *) { return fail("the block holds inline assembly"); }
  bool VisitStmtExpr(StmtExpr *) { return fail("the block holds a statement expression"); }
  bool VisitGotoStmt(GotoStmt *) { return fail("the block jumps"); }
  bool VisitReturnStmt(ReturnStmt *) {
    return !Calling.empty() || fail("the block returns"); // a called function may return
  }

private:
  Translation &T;
  bool AllowAssignments;
  const OMPExecutableDirective *Site;
  /// The called functions being looked into, outermost first.
  llvm::SmallVector<const FunctionDecl *, 4> Calling;
  /// The functions already looked into for this block.
  llvm::SmallPtrSet<const FunctionDecl *, 8> LookedInto;
  enum { MaxCallDepth = 8 };

  /// Looks into the body of @p Def, called by the block.
  bool lookInto(const FunctionDecl *Def) {
    std::string Name = "'" + Def->getNameAsString() + "'";
    if (Def->isVariadic())
      return fail("the block calls " + Name + ", which takes variable arguments");
    for (const FunctionDecl *F : Calling)
      if (F->getCanonicalDecl() == Def->getCanonicalDecl())
        return fail("the block calls " + Name + " recursively");
    // Analysed once: what it writes does not depend on where it is called.
    if (!LookedInto.insert(Def->getCanonicalDecl()).second)
      return true;
    if (Calling.size() >= MaxCallDepth)
      return fail("the block's calls nest deeper than " + std::to_string(MaxCallDepth) +
                  " functions");
    Calling.push_back(Def);
    bool Ok = TraverseStmt(Def->getBody());
    Calling.pop_back();
    if (!Ok)
      Why += " (in " + Name + ", called by the block)";
    return Ok;
  }

  /// Whether a write inside a called function to @p V, a variable of
  /// static storage, can be broadcast from the single: @p V must be shared
  /// where the single is, and named there by the same name.
  bool writableFromSite(const VarDecl *V) {
    std::string Name = "'" + V->getName().str() + "'";
    std::string In = " in '" + Calling.back()->getNameAsString() + "'";
    if (V->isStaticLocal())
      return fail("the block's call writes the static local " + Name + In);
    SourceLocation At = Site->getBeginLoc();
    if (!T.SM.isBeforeInTranslationUnit(V->getFirstDecl()->getLocation(), At))
      return fail("the block's call writes " + Name + In + ", declared after the single");
    if (const FunctionDecl *F = enclosingFunction(T.Ctx, Site)) {
      bool Shadowed = false;
      for (const ParmVarDecl *P : F->parameters())
        Shadowed |= P->getName() == V->getName();
      class Named : public RecursiveASTVisitor<Named> {
      public:
        llvm::SmallVector<const VarDecl *, 2> Found;
        llvm::StringRef Name;
        bool VisitVarDecl(VarDecl *D) {
          if (D->getName() == Name && !isa<ParmVarDecl>(D))
            Found.push_back(D);
          return true;
        }
      } Locals;
      Locals.Name = V->getName();
      if (F->getBody())
        Locals.TraverseStmt(F->getBody());
      for (const VarDecl *L : Locals.Found)
        Shadowed |= T.inScopeOf(L, At);
      if (Shadowed)
        return fail("the block's call writes " + Name + In +
                    ", which a local of the same name hides where the single is");
    }
    return true;
  }

  bool fail(const std::string &Reason) {
    if (Why.empty())
      Why = Reason;
    return false;
  }
  bool assigned(const Expr *LHS) {
    if (!AllowAssignments)
      return fail("the block has side effects inside an expression");
    const VarDecl *V = varOf(LHS);
    if (!V)
      return fail("the block writes through a pointer or an array element");
    if (!Calling.empty()) {
      // Inside a called function: its own locals and parameters, or a
      // variable of static storage, shared or not as the single sees it.
      if (Locals.count(V) || !V->hasGlobalStorage())
        return true;
      // One entry per variable, whichever declaration names it (a
      // block-scope extern is another); checked once.
      V = V->getCanonicalDecl();
      if (std::find(Written.begin(), Written.end(), V) != Written.end())
        return true;
      if (!isShared(T, V, Site->getBeginLoc())) {
        if (T.sharedStorage(V) && !V->isStaticLocal())
          return fail("the block's call writes '" + V->getName().str() + "' in '" +
                      Calling.back()->getNameAsString() +
                      "', which is private where the single is");
        if (!T.sharedStorage(V))
          return true; // threadprivate: thread 0's own, as in any thread's call
      }
      if (!writableFromSite(V))
        return false;
    } else if (Locals.count(V) || !isShared(T, V, LHS->getExprLoc())) {
      return true; // a private or block-local variable
    }
    if (runtimeTypeName(V->getType(), T.Ctx).empty() && !V->getType()->isPointerType())
      return fail("the block writes '" + V->getName().str() + "', which is not a scalar");
    if (std::find(Written.begin(), Written.end(), V) == Written.end())
      Written.push_back(V);
    return true;
  }
};

} // namespace

std::string collectiveUnfit(Translation &T, const Stmt *Body,
                            std::vector<const VarDecl *> &Written) {
  Analyzable A(T, /*AllowAssignments=*/true);
  A.TraverseStmt(const_cast<Stmt *>(Body));
  Written = A.Written;
  return A.Why;
}

/// What the file's critical and atomic constructs write, found once: a
/// critical mapped to a collective evaluates its value outside any lock,
/// so it must not read what another critical of the same name (on the lock
/// path) may be writing at that moment.
const Translation::SyncWrites &syncWrites(Translation &T) {
  Translation::SyncWrites &W = T.SyncWritten;
  if (W.Known)
    return W;
  W.Known = true;
  class Writes : public RecursiveASTVisitor<Writes> {
  public:
    Translation::SyncWrites &W;
    int Depth = 0;                   ///< inside a critical or an atomic
    const Stmt *Construct = nullptr; ///< the outermost of them
    explicit Writes(Translation::SyncWrites &W) : W(W) {}
    bool TraverseOMPCriticalDirective(OMPCriticalDirective *D) { return inside(D); }
    bool TraverseOMPAtomicDirective(OMPAtomicDirective *D) { return inside(D); }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (Depth && B->isAssignmentOp())
        written(B->getLHS());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (Depth && U->isIncrementDecrementOp())
        written(U->getSubExpr());
      return true;
    }
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *F = C->getDirectCallee();
      if (!Depth || (F && callEffect(F) == CallEffect::Pure))
        return true;
      if (F && callEffect(F) == CallEffect::ThroughArguments) {
        // printf and the like write only what their pointer arguments
        // point to: the variables whose addresses they get.
        for (const Expr *A : C->arguments()) {
          const Expr *E = A->IgnoreParenImpCasts();
          QualType Ty = E->getType();
          if (isa<StringLiteral>(E) || (!Ty->isPointerType() && !Ty->isArrayType()) ||
              (Ty->isPointerType() && Ty->getPointeeType().isConstQualified()))
            continue;
          const auto *U = dyn_cast<UnaryOperator>(E);
          if (U && U->getOpcode() == UO_AddrOf)
            written(U->getSubExpr());
          else if (isa<DeclRefExpr>(E) && Ty->isArrayType())
            written(E);
          else
            anything();
        }
        return true;
      }
      anything();
      return true;
    }

  private:
    bool inside(OMPExecutableDirective *D) {
      if (Depth++ == 0)
        Construct = D;
      bool Ok = RecursiveASTVisitor::TraverseStmt(D->getAssociatedStmt());
      Depth--;
      return Ok;
    }
    void written(const Expr *LHS) {
      // The variable whose storage is written: through members and
      // subscripts of arrays; anything through a pointer is unknown.
      const Expr *E = LHS->IgnoreParenImpCasts();
      for (;;) {
        if (const auto *M = dyn_cast<MemberExpr>(E)) {
          if (M->isArrow())
            break;
          E = M->getBase()->IgnoreParenImpCasts();
        } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
          const Expr *Base = A->getBase()->IgnoreParenImpCasts();
          if (!Base->getType()->isArrayType())
            break; // rows[i][j] of int *rows[]: through the pointer rows[i]
          E = Base;
        } else {
          break;
        }
      }
      if (const auto *R = dyn_cast<DeclRefExpr>(E))
        if (const auto *V = dyn_cast<VarDecl>(R->getDecl())) {
          W.Vars.insert(V);
          W.Writers[V->getCanonicalDecl()].insert(Construct);
          return;
        }
      QualType Ty = LHS->getType().getCanonicalType().getUnqualifiedType();
      if (Ty->isCharType() || Ty->isRecordType() || Ty->isUnionType())
        anything();
      else
        W.ThroughPointer[Ty.getTypePtr()].insert(Construct);
    }
    void anything() {
      W.Anything = true;
      W.WriteAnything.insert(Construct);
    }
  } Finder(W);
  Finder.TraverseDecl(T.Ctx.getTranslationUnitDecl());
  return W;
}

namespace {

/// Statement @p S of @p D (the whole body of an atomic) as an update of a
/// shared scalar by a pure value.
std::optional<Update> matchUpdate(Translation &T, const OMPExecutableDirective *D, const Stmt *S,
                                  std::string &Why) {
  auto Reject = [&](const std::string &Reason) -> std::optional<Update> {
    Why = Reason;
    return std::nullopt;
  };
  const auto *Atomic = dyn_cast<OMPAtomicDirective>(D);
  std::optional<Update> Form = Atomic ? atomicUpdate(Atomic, Why) : statementUpdate(S, T.Ctx, Why);
  if (!Form)
    return std::nullopt;
  Update U = *Form;
  U.Var = varOf(U.Target);
  if (!U.Var)
    return Reject("the block updates an array element or a field, not a shared scalar");
  if (!isShared(T, U.Var, U.Target->getExprLoc()))
    return Reject("'" + U.Var->getName().str() + "' is not shared");
  if (runtimeTypeName(U.Var->getType(), T.Ctx).empty())
    return Reject("'" + U.Var->getName().str() + "' is not of an arithmetic type");
  if (U.Value) {
    Analyzable Pure(T, /*AllowAssignments=*/false);
    Pure.TraverseStmt(const_cast<Expr *>(U.Value));
    if (!Pure.Why.empty())
      return Reject(Pure.Why);
  }
  return U;
}

} // namespace

/// Whether every thread of @p Region runs its body through to the end.
bool everyThreadRuns(Translation &T, const OMPExecutableDirective *Region, std::string &Why) {
  // Every thread runs the body of a parallel (and target parallel) region;
  // of parallel masked, master or sections only some do.
  if (Region->getDirectiveKind() != llvm::omp::OMPD_parallel &&
      Region->getDirectiveKind() != llvm::omp::OMPD_target_parallel) {
    Why = "its region is a '" + directiveName(Region) + "', whose body not every thread runs";
    return false;
  }
  // A jump inside the region may take a thread past it.
  struct Jumps : RecursiveASTVisitor<Jumps> {
    const Stmt *Found = nullptr;
    bool VisitGotoStmt(GotoStmt *G) { return !(Found = G); }
    bool VisitIndirectGotoStmt(IndirectGotoStmt *G) { return !(Found = G); }
    bool VisitOMPCancelDirective(OMPCancelDirective *C) { return !(Found = C); }
  } J;
  J.TraverseStmt(const_cast<Stmt *>(directiveBody(Region)));
  if (J.Found) {
    Why = std::string(isa<OMPCancelDirective>(J.Found) ? "a cancel" : "a goto") + " at line " +
          std::to_string(T.SM.getExpansionLineNumber(J.Found->getBeginLoc())) +
          " may take a thread past it";
    return false;
  }
  return true;
}

/// Whether every thread of the region meets @p D exactly once.
bool oncePerThread(Translation &T, const OMPExecutableDirective *D,
                   const OMPExecutableDirective *Region, std::string &Why) {
  if (!Region) {
    Why = "it is orphaned (not lexically inside a parallel region)";
    return false;
  }
  DynTypedNode Node = DynTypedNode::create(*D);
  for (;;) {
    auto Parents = T.Ctx.getParents(Node);
    if (Parents.empty()) {
      Why = "it is not at the top level of its region";
      return false;
    }
    const DynTypedNode &P = Parents[0];
    if (const auto *S = P.get<Stmt>()) {
      if (S == Region)
        return everyThreadRuns(T, Region, Why);
      if (isa<CompoundStmt, CapturedStmt>(S)) {
        Node = P;
        continue;
      }
      if (isa<ForStmt, WhileStmt, DoStmt>(S))
        Why = "it is inside a loop, not met once by every thread";
      else if (isa<IfStmt, SwitchStmt, ConditionalOperator>(S))
        Why = "it is inside a conditional, not met once by every thread";
      else if (isa<OMPExecutableDirective>(S))
        Why = "it is inside another construct, not met once by every thread";
      else
        Why = "it is not at the top level of its region";
      return false;
    }
    Node = P;
  }
}

bool collectiveFits(Translation &T, const OMPExecutableDirective *Region, unsigned Bytes,
                    std::string &Why) {
  if (Bytes > T.Opts.SmallThreshold) {
    Why = std::to_string(Bytes) + " bytes of shared data exceed the threshold of " +
          std::to_string(T.Opts.SmallThreshold);
    return false;
  }
  if (std::string Where; threadsMayWait(T, Region, false, Where)) {
    Why = "threads of its region may wait for each other (" + Where +
          "), which a collective could deadlock";
    return false;
  }
  return true;
}

std::string nowaitUnsafe(Translation &T, const OMPExecutableDirective *Region,
                         const std::string &Collective) {
  if (!Region)
    return "it has nowait and is orphaned: threads may wait for each other in code not seen "
           "here, which " +
           Collective + " could deadlock";
  if (std::string Where; threadsMayWait(T, Region, false, Where))
    return "it has nowait and threads of its region may wait for each other (" + Where +
           "), which " + Collective + " could deadlock";
  return "";
}

bool threadsMayWait(Translation &T, const OMPExecutableDirective *Region, bool OnlyUnflushed,
                    std::string &Where) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    Translation &T;
    bool OnlyUnflushed;
    std::string Found;
    llvm::SmallPtrSet<const FunctionDecl *, 16> Seen, SeenPolled;
    Finder(Translation &T, bool OnlyUnflushed) : T(T), OnlyUnflushed(OnlyUnflushed) {}

    bool found(const std::string &What, SourceLocation Loc) {
      Found = What + " at line " +
              std::to_string(T.SM.getPresumedLineNumber(T.SM.getExpansionLoc(Loc)));
      return false; // stop
    }
    bool VisitOMPAtomicDirective(OMPAtomicDirective *A) {
      if (OnlyUnflushed)
        return true;
      for (const OMPClause *C : A->clauses())
        if (isa<OMPReadClause, OMPWriteClause, OMPCaptureClause, OMPCompareClause>(C))
          return found("an atomic " + llvm::omp::getOpenMPClauseName(C->getClauseKind()).str(),
                       A->getBeginLoc());
      return true;
    }
    bool VisitOMPFlushDirective(OMPFlushDirective *F) {
      return OnlyUnflushed || found("a flush", F->getBeginLoc());
    }
    /// A thread may wait for another by polling in a loop through critical
    /// sections (`while (!t) { critical t = flag; }`, OpenMP's Examples):
    /// a critical inside a while or do loop, or a for loop without a
    /// condition or increment.
    unsigned PollingLoops = 0;
    bool TraverseWhileStmt(WhileStmt *S) {
      return loop(nullptr, S->getCond(), nullptr, S->getBody(), true);
    }
    bool TraverseDoStmt(DoStmt *S) {
      return loop(nullptr, S->getCond(), nullptr, S->getBody(), true);
    }
    bool TraverseForStmt(ForStmt *S) {
      return loop(S->getInit(), S->getCond(), S->getInc(), S->getBody(), polls(S));
    }
    /// A for loop polls unless its condition names a variable its
    /// increment writes (`for (k = 0; !done; k++)` polls).
    static bool polls(const ForStmt *S) {
      if (!S->getCond() || !S->getInc())
        return true;
      struct Refs : RecursiveASTVisitor<Refs> {
        llvm::SmallPtrSet<const ValueDecl *, 4> Found;
        bool VisitDeclRefExpr(DeclRefExpr *R) {
          Found.insert(R->getDecl());
          return true;
        }
      } Inc, Cond;
      Inc.TraverseStmt(const_cast<Expr *>(S->getInc()));
      Cond.TraverseStmt(const_cast<Expr *>(S->getCond()));
      for (const ValueDecl *D : Inc.Found)
        if (Cond.Found.count(D))
          return false;
      return true;
    }
    bool loop(Stmt *Init, Expr *Cond, Expr *Inc, Stmt *Body, bool Polls) {
      PollingLoops += Polls;
      bool More =
          TraverseStmt(Init) && TraverseStmt(Cond) && TraverseStmt(Inc) && TraverseStmt(Body);
      PollingLoops -= Polls;
      return More;
    }
    bool VisitOMPCriticalDirective(OMPCriticalDirective *C) {
      if (OnlyUnflushed || !PollingLoops)
        return true;
      return found("a critical polled in a loop", C->getBeginLoc());
    }
    /// __atomic_load_n and the others Clang keeps as AtomicExpr, not calls.
    bool VisitAtomicExpr(AtomicExpr *E) { return found("an atomic builtin", E->getBeginLoc()); }
    bool VisitCallExpr(CallExpr *C) {
      const FunctionDecl *F = C->getDirectCallee();
      if (!F)
        return true;
      std::string Name = F->getNameAsString();
      if (!OnlyUnflushed && (Name == "omp_set_lock" || Name == "omp_test_lock" ||
                             Name == "omp_set_nest_lock" || Name == "omp_test_nest_lock" ||
                             Name == "pthread_mutex_lock" || Name == "pthread_mutex_trylock"))
        return found("a call to '" + Name + "'", C->getBeginLoc());
      if (llvm::StringRef(Name).starts_with("__atomic_") ||
          llvm::StringRef(Name).starts_with("__sync_") ||
          llvm::StringRef(Name).starts_with("__c11_atomic_"))
        return found("the atomic builtin '" + Name + "'", C->getBeginLoc());
      const FunctionDecl *Def = nullptr;
      // Once, and once more from inside a polling loop (a critical in
      // the function is polled only there).
      if (!F->hasBody(Def))
        return true;
      bool First = Seen.insert(Def).second;
      bool FirstPolled = PollingLoops && SeenPolled.insert(Def).second;
      if (First || FirstPolled)
        return TraverseStmt(Def->getBody());
      return true;
    }
    /// A local declared in the region's own block or in a function it
    /// calls: each thread has its own, so no other thread waits through it
    /// (a local of the function around the region is shared by the team).
    bool threadPrivate(const ValueDecl *D) {
      const auto *V = dyn_cast<VarDecl>(D);
      if (!V || !V->hasLocalStorage())
        return false;
      const DeclContext *Ctx = V->getDeclContext();
      if (const auto *Fn = dyn_cast<FunctionDecl>(Ctx))
        return Seen.count(Fn) != 0;
      return isa<CapturedDecl>(Ctx);
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      // The variable's own type: Sema's reference to a captured local of
      // the enclosing function drops its volatile.
      QualType Ty = isa<VarDecl>(E->getDecl()) ? E->getDecl()->getType() : E->getType();
      if ((Ty.isVolatileQualified() || Ty->isAtomicType()) && threadPrivate(E->getDecl()))
        return true;
      if (Ty.isVolatileQualified() || Ty->isAtomicType())
        return found(std::string(Ty.isVolatileQualified() ? "the volatile" : "the _Atomic") +
                         " object '" + E->getDecl()->getNameAsString() + "'",
                     E->getBeginLoc());
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (U->getOpcode() == UO_Deref && U->getType().isVolatileQualified())
        return found("a volatile object", U->getBeginLoc());
      return true;
    }
    bool VisitMemberExpr(MemberExpr *M) {
      if (M->getType().isVolatileQualified())
        return found("the volatile member '" + M->getMemberDecl()->getNameAsString() + "'",
                     M->getBeginLoc());
      return true;
    }
  } F(T, OnlyUnflushed);
  F.TraverseStmt(const_cast<Stmt *>(directiveBody(Region)));
  if (F.Found.empty())
    return false;
  Where = F.Found;
  return true;
}

namespace {

/// Whether critical or atomic @p Writer may run while a thread of @p Region
/// (null: of any region) is outside any lock: unless the two lie in two
/// regions of main, neither inside another construct, which run one after
/// the other. (Two regions of another function may run side by side when
/// it is called from a region, as may two regions in sections.) An
/// orphaned writer may be called from anywhere.
bool mayRunBeside(Translation &T, const Stmt *Writer, const OMPExecutableDirective *Region) {
  const auto *D = dyn_cast<OMPExecutableDirective>(Writer);
  if (!Region || !D)
    return true;
  const OMPExecutableDirective *R = enclosingDirective(T.Ctx, D, isParallel);
  if (!R || R == Region)
    return true;
  auto Outermost = [&](const OMPExecutableDirective *X) {
    return !enclosingDirective(T.Ctx, X, [](const OMPExecutableDirective *) { return true; });
  };
  const FunctionDecl *F = enclosingFunction(T.Ctx, Region);
  return !(F && F->isMain() && enclosingFunction(T.Ctx, R) == F && Outermost(R) &&
           Outermost(Region));
}

} // namespace

std::string readsSyncWritten(Translation &T, const Expr *E, const OMPExecutableDirective *Region) {
  Translation::SyncWrites &W = T.SyncWritten;
  syncWrites(T);
  class SharedReads : public RecursiveASTVisitor<SharedReads> {
  public:
    Translation &T;
    Translation::SyncWrites &W;
    const OMPExecutableDirective *Region;
    std::string Why;
    bool Anything = false; ///< a writer through a pointer may run beside
    SharedReads(Translation &T, Translation::SyncWrites &W, const OMPExecutableDirective *Region)
        : T(T), W(W), Region(Region) {
      for (const Stmt *S : W.WriteAnything)
        Anything |= mayRunBeside(T, S, Region);
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      const auto *V = dyn_cast<VarDecl>(E->getDecl());
      if (!V || V->getType().isConstQualified() || !isShared(T, V, E->getExprLoc()))
        return true;
      if (Anything || written(V) || (writtenThrough(objectType(V)) && reachable(V)))
        Why = "'" + V->getName().str() + "'";
      return Why.empty();
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (U->getOpcode() == UO_Deref)
        readThrough(U);
      return Why.empty();
    }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *A) {
      if (!A->getBase()->IgnoreParenImpCasts()->getType()->isArrayType())
        readThrough(A);
      return Why.empty();
    }
    bool VisitMemberExpr(MemberExpr *M) {
      if (M->isArrow())
        readThrough(M);
      return Why.empty();
    }

  private:
    bool written(const VarDecl *V) {
      auto It = W.Writers.find(V->getCanonicalDecl());
      if (It == W.Writers.end())
        return W.Vars.count(V);
      for (const Stmt *S : It->second)
        if (mayRunBeside(T, S, Region))
          return true;
      return false;
    }
    QualType objectType(const VarDecl *V) {
      return T.Ctx.getBaseElementType(V->getType()).getCanonicalType().getUnqualifiedType();
    }
    /// Whether a construct that may run beside writes through a pointer
    /// what an object of type @p Ty may hold: that type, or any, for a
    /// character or structure type.
    bool writtenThrough(QualType Ty) {
      bool AnyType = Ty->isCharType() || Ty->isRecordType() || Ty->isUnionType();
      for (const auto &Typed : W.ThroughPointer)
        if (AnyType || Typed.first == Ty.getTypePtr())
          for (const Stmt *S : Typed.second)
            if (mayRunBeside(T, S, Region))
              return true;
      return false;
    }
    /// Whether a pointer may reach @p V: its address goes somewhere in
    /// this file, or another file may name it.
    bool reachable(const VarDecl *V) {
      auto [It, New] = W.PointerReachable.try_emplace(V, false);
      if (New)
        It->second = V->hasExternalFormalLinkage() || addressTaken(T.Ctx, V);
      return It->second;
    }
    /// A read through a pointer may see what a construct beside writes
    /// through a pointer, or a written variable of its type (any, for a
    /// character read or a structure) that a pointer may reach.
    void readThrough(const Expr *Read) {
      QualType RT = Read->getType().getCanonicalType().getUnqualifiedType();
      if (Anything || writtenThrough(RT)) {
        Why = "memory through a pointer";
        return;
      }
      for (const VarDecl *V : W.Vars) {
        QualType VT = objectType(V);
        if (!RT->isCharType() && !VT->isRecordType() && VT != RT)
          continue;
        if (written(V) && reachable(V)) {
          Why = "memory through a pointer, which may be '" + V->getName().str() + "'";
          return;
        }
      }
    }
  } R(T, W, Region);
  R.TraverseStmt(const_cast<Expr *>(E));
  return R.Why;
}

std::optional<std::string> updateAsCollective(Translation &T, const OMPExecutableDirective *D,
                                              const OMPExecutableDirective *Region,
                                              std::string &Why, unsigned &Bytes) {
  Bytes = 0;
  if (T.Opts.ForceLockPath) {
    Why = "-fparade-sync=lock";
    return std::nullopt;
  }
  if (const auto *A = dyn_cast<OMPAtomicDirective>(D)) {
    for (const OMPClause *C : A->clauses())
      if (isa<OMPReadClause, OMPWriteClause, OMPCaptureClause, OMPCompareClause>(C)) {
        Why = "an atomic " + llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() +
              " is used at once and cannot be deferred to a collective";
        return std::nullopt;
      }
  }
  if (!oncePerThread(T, D, Region, Why))
    return std::nullopt;
  std::vector<const Stmt *> Stmts;
  const Stmt *Body = directiveBody(D);
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Stmts.assign(CS->body_begin(), CS->body_end());
  else
    Stmts.push_back(Body);
  if (Stmts.empty()) {
    Why = "the block is empty";
    return std::nullopt;
  }
  // Calls, writes through pointers and the like first: they say most
  // plainly why a block cannot be a collective.
  Analyzable A(T, /*AllowAssignments=*/true);
  A.TraverseStmt(const_cast<Stmt *>(Body));
  if (!A.Why.empty()) {
    Why = A.Why;
    return std::nullopt;
  }
  std::vector<Update> Updates;
  for (const Stmt *S : Stmts) {
    std::optional<Update> U = matchUpdate(T, D, S, Why);
    if (!U)
      return std::nullopt;
    // Combining the values first must give what the C conversions give:
    // true for floating objects, and for integer objects of integer values
    // (each thread's x *= 0.5 on an int would contribute (int)0.5 = 0).
    if (U->Value && U->Var->getType()->isIntegerType() &&
        !U->Value->IgnoreParenImpCasts()->getType()->isIntegerType()) {
      Why = "an integer object updated by a non-integer value";
      return std::nullopt;
    }
    for (const Update &Prev : Updates)
      if (Prev.Var == U->Var) {
        Why = "the block updates '" + U->Var->getName().str() + "' twice";
        return std::nullopt;
      }
    Updates.push_back(*U);
  }
  // Values may not read what the block updates: each thread computes its
  // contribution before any update is applied.
  for (const Update &U : Updates) {
    if (!U.Value)
      continue;
    class Reads : public RecursiveASTVisitor<Reads> {
    public:
      llvm::DenseSet<const VarDecl *> Seen;
      bool VisitDeclRefExpr(DeclRefExpr *E) {
        if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
          Seen.insert(V);
        return true;
      }
    } R;
    R.TraverseStmt(const_cast<Expr *>(U.Value));
    for (const Update &Other : Updates)
      if (R.Seen.count(Other.Var)) {
        Why = "the value added to '" + U.Var->getName().str() + "' reads '" +
              Other.Var->getName().str() + "', which the block updates";
        return std::nullopt;
      }
  }
  // Nor what another critical or atomic may be writing while this
  // collective's values are evaluated, outside any lock.
  for (const Update &U : Updates) {
    if (!U.Value)
      continue;
    std::string Read = readsSyncWritten(T, U.Value, Region);
    if (!Read.empty()) {
      Why = "the value added to '" + U.Var->getName().str() + "' reads " + Read +
            ", which a critical or atomic of this file may write meanwhile";
      return std::nullopt;
    }
  }
  for (const Update &U : Updates)
    Bytes += (unsigned)T.Ctx.getTypeSizeInChars(U.Var->getType()).getQuantity();
  // Last, so that a block that could never be a collective says why.
  if (!collectiveFits(T, Region, Bytes, Why))
    return std::nullopt;
  std::string Decls, Vars, Targets;
  for (size_t I = 0; I < Updates.size(); I++) {
    const Update &U = Updates[I];
    QualType Ty = U.Var->getType();
    std::string Name = "parade_c" + std::to_string(I);
    std::string Value =
        U.Value ? "(" + T.text(U.Value->getSourceRange()) + ")" : std::to_string(U.Step);
    // x -= e contributes -(T)e: negating e in its own type first would
    // wrap an unsigned e narrower than x (or converted to a floating x).
    Decls += T.declare(Ty.getUnqualifiedType(), Name) + " = " +
             (U.Negate ? "(-" + T.cast(Ty) + Value + ")" : T.cast(Ty) + Value) + "; ";
    Vars += std::string(I ? ", " : "") + "{&" + Name + ", 1, " + runtimeTypeName(Ty, T.Ctx) + ", " +
            U.Op + "}";
    Targets += std::string(I ? ", " : "") + "&(" + T.text(U.Target->getSourceRange()) + ")";
  }
  return "{ " + Decls + "parade_reduce_var parade_cv[] = {" + Vars + "}; void *parade_ct[] = {" +
         Targets + "}; parade_reduce_store(parade_cv, parade_ct, " +
         std::to_string(Updates.size()) + "); }";
}

std::optional<std::string> singleAsCollective(Translation &T, const OMPExecutableDirective *D,
                                              const OMPExecutableDirective *Region,
                                              std::string &Why, unsigned &Bytes) {
  Bytes = 0;
  if (T.Opts.ForceLockPath) {
    Why = "-fparade-sync=lock";
    return std::nullopt;
  }
  for (const OMPClause *C : D->clauses())
    if (!isa<OMPNowaitClause>(C)) {
      Why = "it has a '" + llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() + "' clause";
      return std::nullopt;
    }
  Analyzable A(T, /*AllowAssignments=*/true, D);
  A.TraverseStmt(const_cast<Stmt *>(directiveBody(D)));
  if (!A.Why.empty()) {
    Why = A.Why;
    return std::nullopt;
  }
  std::string Targets, Sizes;
  for (size_t I = 0; I < A.Written.size(); I++) {
    const VarDecl *V = A.Written[I];
    Bytes += (unsigned)T.Ctx.getTypeSizeInChars(V->getType()).getQuantity();
    std::string Spelled = T.spell(V, D->getBeginLoc());
    Targets += std::string(I ? ", " : "") + "&" + Spelled;
    Sizes += std::string(I ? ", " : "") + "sizeof " + Spelled;
  }
  if (Bytes > T.Opts.SmallThreshold) {
    Why = std::to_string(Bytes) + " bytes of shared data exceed the threshold of " +
          std::to_string(T.Opts.SmallThreshold);
    return std::nullopt;
  }
  // Without nowait a barrier ends the single anyway; with it, a thread past
  // the single may release others that have not reached it yet.
  if (clause<OMPNowaitClause>(D)) {
    Why = nowaitUnsafe(T, Region, "a collective");
    if (!Why.empty())
      return std::nullopt;
  }
  std::string Body = T.textWithLines(T.beginOf(directiveBody(D)), T.endOf(directiveBody(D)));
  if (A.Written.empty())
    return "{ if (parade_thread_num() == 0) { " + Body + " } parade_bcast_store(0, 0, 0, 0); }";
  return "{ if (parade_thread_num() == 0) { " + Body + " } { void *parade_st[] = {" + Targets +
         "}; __SIZE_TYPE__ parade_sz[] = {" + Sizes +
         "}; parade_bcast_store(parade_st, parade_sz, " + std::to_string(A.Written.size()) +
         ", 0); } }";
}

} // namespace parade
