//===- DataSharing.cpp - How constructs share the variables they name ---===//
#include "DataSharing.h"

#include "AstUtil.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/APSInt.h"

#include <algorithm>
#include <functional>

using namespace clang;
using llvm::omp::Directive;

namespace parade {

namespace {

/// Finds the variables a statement names and which of them it modifies.
class UseCollector : public RecursiveASTVisitor<UseCollector> {
public:
  std::vector<const VarDecl *> Order;
  llvm::DenseSet<const VarDecl *> Seen, Modified, AddressTaken;

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *V = dyn_cast<VarDecl>(E->getDecl()))
      if (Seen.insert(V).second)
        Order.push_back(V);
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      markModified(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp())
      markModified(U->getSubExpr());
    if (U->getOpcode() == UO_AddrOf)
      if (const VarDecl *V = baseVar(U->getSubExpr()))
        AddressTaken.insert(V);
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_ArrayToPointerDecay)
      if (const VarDecl *V = baseVar(C->getSubExpr()))
        AddressTaken.insert(V);
    return true;
  }
  // An asm statement writes its output operands ("=r"(v), "+m"(v)): a
  // region whose body only wrote v there got a copy of v, and the write
  // was lost.
  bool VisitGCCAsmStmt(GCCAsmStmt *A) {
    for (unsigned I = 0; I < A->getNumOutputs(); I++)
      markModified(A->getOutputExpr(I));
    return true;
  }
  // Clauses' variable lists are not uses in the body, except that a nested
  // construct's lastprivate, linear and reduction clauses write their
  // original when it ends: the enclosing construct must share it, not
  // pass a copy (a 'for linear(k)' whose body only read k lost the final
  // value in the region's copy).
  bool TraverseOMPClause(OMPClause *) { return true; }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    for (const OMPClause *C : D->clauses()) {
      auto Write = [&](const Expr *E) {
        if (const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
          if (const auto *V = dyn_cast<VarDecl>(R->getDecl())) {
            if (Seen.insert(V).second)
              Order.push_back(V);
            Modified.insert(V);
          }
      };
      auto Writes = [&](auto *List) {
        for (const Expr *E : List->varlists())
          Write(E);
      };
      if (const auto *L = dyn_cast<OMPLastprivateClause>(C))
        Writes(L);
      else if (const auto *Lin = dyn_cast<OMPLinearClause>(C))
        Writes(Lin);
      else if (const auto *Rd = dyn_cast<OMPReductionClause>(C))
        Writes(Rd);
      else if (const auto *Dt = dyn_cast<OMPDetachClause>(C))
        // detach(ev) writes the event handle where the task is made: the
        // enclosing construct must share ev (a copy of it had the handle,
        // and a thread fulfilling ev fulfilled none).
        Write(Dt->getEventHandler());
    }
    return true;
  }

private:
  static const VarDecl *baseVar(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    while (true) {
      if (const auto *M = dyn_cast<MemberExpr>(E)) {
        if (M->isArrow())
          return nullptr;
        E = M->getBase()->IgnoreParenImpCasts();
      } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(E)) {
        const Expr *Base = A->getBase()->IgnoreParenImpCasts();
        // a[i] on a true array modifies the array; on a pointer it does not
        // modify the pointer variable.
        if (!Base->getType()->isArrayType() && !isa<ArraySubscriptExpr>(Base) &&
            !isa<MemberExpr>(Base))
          return nullptr;
        E = Base;
      } else {
        break;
      }
    }
    return varOf(E);
  }
  void markModified(const Expr *E) {
    if (const VarDecl *V = baseVar(E))
      Modified.insert(V);
  }
};

template <typename ClauseT> std::string operatorName(const ClauseT *C) {
  DeclarationName Name = C->getNameInfo().getName();
  if (Name.getNameKind() == DeclarationName::CXXOperatorName) {
    switch (Name.getCXXOverloadedOperator()) {
    case OO_Plus: return "+";
    case OO_Minus: return "-";
    case OO_Star: return "*";
    case OO_Amp: return "&";
    case OO_Pipe: return "|";
    case OO_Caret: return "^";
    case OO_AmpAmp: return "&&";
    case OO_PipePipe: return "||";
    default: return {};
    }
  }
  std::string Id = Name.getAsString();
  return Id == "min" || Id == "max" ? Id : std::string();
}

/// An array section (`a[lo:len]`, `a[:len]`, `a[lo:]` of an array of fixed
/// size, and of several dimensions: `m[lo:len][lo2:len2]`) or element
/// (`a[i]`) of an array or a pointer, as a reduction item: the run of
/// elements from its first to its last, in memory order (between rows it
/// holds elements of no section, whose partials stay the identity, so that
/// the combine leaves them as they were); the reason it is not one parade
/// supports, else empty.
std::string sectionItem(Translation &T, const Expr *E, ReductionItem &Item) {
  struct Dim {
    std::string Lower, Length;
  };
  std::vector<Dim> Dims; // innermost first while walking
  const Expr *X = E->IgnoreParenImpCasts();
  for (;;) {
    if (const auto *S = dyn_cast<ArraySectionExpr>(X)) {
      if (S->getStride())
        return "a reduction over an array section with a stride is not supported by parade";
      Dim D;
      D.Lower = S->getLowerBound() ? "(" + T.text(S->getLowerBound()->getSourceRange()) + ")" : "0";
      if (S->getLength()) {
        D.Length = "(" + T.text(S->getLength()->getSourceRange()) + ")";
      } else if (const auto *CA =
                     T.Ctx.getAsConstantArrayType(S->getBase()->IgnoreParenImpCasts()->getType())) {
        D.Length = "(" + std::to_string(CA->getZExtSize()) + " - " + D.Lower + ")";
      } else {
        return "an array section without a length must be of an array of fixed size";
      }
      Dims.push_back(D);
      X = S->getBase()->IgnoreParenImpCasts();
    } else if (const auto *A = dyn_cast<ArraySubscriptExpr>(X)) {
      Dims.push_back({"(" + T.text(A->getIdx()->getSourceRange()) + ")", "1"});
      X = A->getBase()->IgnoreParenImpCasts();
    } else {
      break;
    }
  }
  if (Dims.empty())
    return "this reduction item is not supported by parade";
  std::reverse(Dims.begin(), Dims.end()); // outermost first
  Item.Var = varOf(X);
  QualType BaseTy = Item.Var ? Item.Var->getType() : QualType();
  if (!Item.Var || !(BaseTy->isPointerType() || BaseTy->isArrayType()))
    return "a reduction over an array section must name an array or a pointer for parade";
  // The extents of the dimensions after the first: constant, so that the
  // section is a run of memory (a pointer to pointers is not).
  QualType Level = BaseTy->isPointerType() ? BaseTy->getPointeeType()
                                           : T.Ctx.getAsArrayType(BaseTy)->getElementType();
  std::vector<std::string> Extents;
  for (size_t K = 1; K < Dims.size(); K++) {
    const auto *CA = T.Ctx.getAsConstantArrayType(Level);
    if (!CA)
      return "a reduction over a section of several dimensions needs an array whose inner "
             "dimensions have a fixed size";
    Extents.push_back(std::to_string(CA->getZExtSize()));
    Level = CA->getElementType();
  }
  if (Level->isArrayType())
    return "a reduction's array section must name every dimension of the array";
  Item.Elem = Level.getUnqualifiedType();
  if (runtimeTypeName(Item.Elem, T.Ctx).empty())
    return "the elements of a reduction's array section must have an arithmetic type";
  // Offsets in elements: the first element's, and the run up to the last.
  std::string Lower, Last;
  for (size_t K = 0; K < Dims.size(); K++) {
    std::string Stride = "1";
    for (size_t J = K; J < Extents.size(); J++)
      Stride += " * " + Extents[J];
    Lower += (K ? " + " : "") + Dims[K].Lower + " * (" + Stride + ")";
    Last += (K ? " + " : "") + std::string("(") + Dims[K].Length + " - 1) * (" + Stride + ")";
  }
  Item.Lower = "(" + Lower + ")";
  Item.Length = "(" + Last + " + 1)";
  Item.PrivateType = BaseTy->isPointerType() ? BaseTy : T.Ctx.getArrayDecayedType(BaseTy);
  Item.Section = true;
  // The bounds are evaluated where the construct's private copies are made
  // (inside an outlined region): the variables they name travel with it.
  std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (V != Item.Var)
          Item.BoundVars.push_back(V);
    for (const Stmt *C : S->children())
      Find(C);
  };
  Find(E->IgnoreParenImpCasts());
  return "";
}

/// The variables of a reduction or in_reduction clause with operator @p Op.
template <typename ClauseT>
void reductionItems(Translation &T, const ClauseT *Rd, const std::string &Op,
                    llvm::DenseMap<const VarDecl *, Sharing> &Explicit, ConstructVars &Out) {
  auto Ops = Rd->reduction_ops().begin();
  for (const Expr *E : Rd->varlists()) {
    const VarDecl *V = varOf(E);
    // A user-defined reduction: Sema resolved its declare reduction.
    // (Its reduction operation calls the declaration, through an opaque
    // value.)
    const OMPDeclareReductionDecl *UDR = nullptr;
    std::function<void(const Stmt *)> FindUDR = [&](const Stmt *S) {
      if (!S || UDR)
        return;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
        UDR = dyn_cast<OMPDeclareReductionDecl>(DRE->getDecl());
      if (const auto *OVE = dyn_cast<OpaqueValueExpr>(S)) // its callee
        FindUDR(OVE->getSourceExpr());
      for (const Stmt *C : S->children())
        FindUDR(C);
    };
    FindUDR(*Ops++);
    if (Op.empty() && !UDR) {
      T.error(Rd->getBeginLoc(), "this reduction operator is not supported by parade");
      return;
    }
    if (UDR) {
      // A whole array of fixed size is reduced element by element.
      bool Elementwise =
          V && V->getType()->isArrayType() &&
          isa<ConstantArrayType>(T.Ctx.getAsArrayType(V->getType())) &&
          T.Ctx.hasSameUnqualifiedType(T.Ctx.getBaseElementType(V->getType()), UDR->getType());
      if (!V || (V->getType()->isArrayType() && !Elementwise)) {
        T.error(E->getExprLoc(), "a user-defined reduction over an array section or a "
                                 "variable-length array is not supported by parade");
        continue;
      }
      if (UDR->getInitializer() &&
          UDR->getInitializerKind() == OMPDeclareReductionInitKind::Direct) {
        T.error(UDR->getLocation(), "an initializer omp_priv(...) is not supported by parade");
        continue;
      }
      Explicit[V] = Sharing::Reduction;
      ReductionItem Item{V, ""};
      Item.UDR = UDR;
      Out.Reductions.push_back(Item);
      continue;
    }
    if (!V) {
      ReductionItem Item{nullptr, Op};
      std::string Why = sectionItem(T, E, Item);
      if (!Why.empty()) {
        T.error(E->getExprLoc(), Why);
        continue;
      }
      bool Again = false;
      for (const ReductionItem &R : Out.Reductions)
        Again |= R.Var == Item.Var;
      if (Again) {
        // One private copy per variable: a second section of it would
        // reach past the first's.
        T.error(E->getExprLoc(), "two reduction items of '" + Item.Var->getName().str() +
                                     "' on one construct are not supported by parade");
        continue;
      }
      Explicit[Item.Var] = Sharing::Reduction;
      Out.Reductions.push_back(Item);
      continue;
    }
    // A whole array of fixed size reduces element by element.
    QualType Ty = V->getType();
    if (Ty->isConstantArrayType())
      Ty = T.Ctx.getBaseElementType(Ty);
    if (const auto *Complex = V->getType()->getAs<ComplexType>()) {
      // Its two parts add up independently: a reduction of two elements.
      if ((Op != "+" && Op != "-") || runtimeTypeName(Complex->getElementType(), T.Ctx).empty()) {
        T.error(E->getExprLoc(), "a reduction of the complex variable '" + V->getName().str() +
                                     "' with '" + Op +
                                     "' is not supported by parade (+ and - are)");
        continue;
      }
    } else if (runtimeTypeName(Ty, T.Ctx).empty()) {
      T.error(E->getExprLoc(), "reduction variable '" + V->getName().str() +
                                   "' must have an arithmetic type, or be an array of "
                                   "fixed size of one");
      continue;
    }
    Explicit[V] = Sharing::Reduction;
    Out.Reductions.push_back({V, Op});
  }
}

} // namespace

ConstructVars analyzeConstruct(Translation &T, const OMPExecutableDirective *D) {
  ConstructVars Out;
  llvm::DenseMap<const VarDecl *, Sharing> Explicit;
  bool DefaultFirstPrivate = false;
  bool DefaultPrivate = false;
  // `parallel masked taskloop` is a taskloop inside a parallel region,
  // which shares a local of the function by default, so its tasks share
  // it too. Sema makes such a local firstprivate, with an implicit clause,
  // as if the function enclosed the taskloop (the loop's writes were lost).
  bool RegionEncloses = isParallel(D) && isTaskLoop(D);
  for (const OMPClause *C : D->clauses()) {
    if (RegionEncloses && isa<OMPFirstprivateClause>(C) && C->isImplicit())
      continue;
    auto Each = [&](auto *List, Sharing S) {
      for (const Expr *E : List->varlists())
        if (const VarDecl *V = varOf(E))
          if (!V->isImplicit()) { // Sema's own (an in_reduction's .task_red.)
            auto It = Explicit.find(V);
            if (It != Explicit.end() &&
                ((It->second == Sharing::FirstPrivate && S == Sharing::LastPrivate) ||
                 (It->second == Sharing::LastPrivate && S == Sharing::FirstPrivate))) {
              // firstprivate(x) lastprivate(x): both, not the later one.
              Out.FirstAndLast.insert(V);
              It->second = Sharing::LastPrivate;
              continue;
            }
            Explicit[V] = S;
          }
    };
    if (const auto *P = dyn_cast<OMPPrivateClause>(C)) {
      Each(P, Sharing::Private);
    } else if (const auto *F = dyn_cast<OMPFirstprivateClause>(C)) {
      Each(F, Sharing::FirstPrivate);
    } else if (const auto *L = dyn_cast<OMPLastprivateClause>(C)) {
      Each(L, Sharing::LastPrivate);
      if (L->getKind() == OMPC_LASTPRIVATE_conditional)
        for (const Expr *E : L->varlists())
          if (const VarDecl *V = varOf(E))
            Out.Conditional.insert(V);
    } else if (const auto *Lin = dyn_cast<OMPLinearClause>(C)) {
      // A private copy per thread that the loop sets at each iteration
      // (WorkSharing.cpp), and the last iteration's value copied back.
      if (!isLoop(D) && !isSimdInPlace(D)) {
        T.error(Lin->getBeginLoc(),
                "linear on '" + directiveName(D) + "' is not supported by parade (only on loops)");
        continue;
      }
      Each(Lin, Sharing::LastPrivate);
    } else if (const auto *S = dyn_cast<OMPSharedClause>(C)) {
      Each(S, Sharing::Shared);
    } else if (const auto *Rd = dyn_cast<OMPReductionClause>(C)) {
      size_t First = Out.Reductions.size();
      reductionItems(T, Rd, operatorName(Rd), Explicit, Out);
      if (Rd->getModifier() == OMPC_REDUCTION_task)
        for (size_t K = First; K < Out.Reductions.size(); K++) {
          ReductionItem &R = Out.Reductions[K];
          if (R.Section || R.UDR || !R.Var || R.Var->getType()->isArrayType() ||
              R.Var->getType()->isRecordType()) {
            T.error(Rd->getBeginLoc(), "the task modifier of reduction is supported by parade "
                                       "on scalar variables with a built-in operator");
            continue;
          }
          R.Task = true;
        }
      if (Rd->getModifier() == OMPC_REDUCTION_inscan)
        for (size_t K = First; K < Out.Reductions.size(); K++)
          Out.Reductions[K].Inscan = true;
    } else if (const auto *In = dyn_cast<OMPInReductionClause>(C)) {
      // A participating task combines its partial into the original at
      // its end (Tasks.cpp).
      reductionItems(T, In, operatorName(In), Explicit, Out);
    } else if (isa<OMPTaskReductionClause>(C)) {
      // The taskgroup's tasks combine into the original as they end.
    } else if (const auto *Def = dyn_cast<OMPDefaultClause>(C)) {
      DefaultFirstPrivate = Def->getDefaultKind() == llvm::omp::OMP_DEFAULT_firstprivate;
      DefaultPrivate = Def->getDefaultKind() == llvm::omp::OMP_DEFAULT_private;
    } else if (const auto *CI = dyn_cast<OMPCopyinClause>(C)) {
      for (const Expr *E : CI->varlists())
        if (const VarDecl *V = varOf(E))
          Out.CopyIn.push_back(V);
    } else if (const auto *CP = dyn_cast<OMPCopyprivateClause>(C)) {
      for (const Expr *E : CP->varlists())
        if (const VarDecl *V = varOf(E))
          Out.CopyPrivate.push_back(V);
    } else if (isa<OMPIfClause, OMPNumThreadsClause, OMPScheduleClause, OMPNowaitClause,
                   OMPCollapseClause, OMPOrderedClause, OMPProcBindClause, OMPUntiedClause,
                   OMPMergeableClause, OMPFinalClause, OMPPriorityClause, OMPDependClause,
                   OMPAffinityClause, OMPDetachClause>(C) ||
               isa<OMPReadClause, OMPWriteClause, OMPUpdateClause, OMPCaptureClause,
                   OMPCompareClause, OMPSeqCstClause, OMPAcqRelClause, OMPAcquireClause,
                   OMPReleaseClause, OMPRelaxedClause, OMPHintClause, OMPFailClause, OMPWeakClause>(
                   C) ||
               isa<OMPFilterClause, OMPSafelenClause, OMPSimdlenClause, OMPAlignedClause,
                   OMPNontemporalClause, OMPOrderClause, OMPFullClause, OMPPartialClause,
                   OMPBindClause, OMPGrainsizeClause, OMPNumTasksClause, OMPNogroupClause,
                   OMPThreadsClause, OMPSIMDClause>(C) ||
               // The host is the device: mapped data is the original.
               isa<OMPMapClause, OMPDeviceClause, OMPDefaultmapClause, OMPIsDevicePtrClause,
                   OMPHasDeviceAddrClause, OMPUseDevicePtrClause, OMPUseDeviceAddrClause,
                   OMPToClause, OMPFromClause, OMPNumTeamsClause, OMPThreadLimitClause,
                   OMPDistScheduleClause, OMPAllocateClause, OMPUsesAllocatorsClause>(C)) {
      // Handled by the construct's translation, or without effect here
      // (simd's hints to the vectoriser; order(concurrent) allows the
      // order parade runs iterations in; an atomic compare's fail order
      // and weak only allow less than parade's atomics give).
    } else {
      T.error(C->getBeginLoc(), "clause '" +
                                    llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() +
                                    "' on '" + directiveName(D) + "' is not supported by parade");
    }
  }
  const Stmt *Body = directiveBody(D);
  if (!Body)
    return Out;
  UseCollector Uses;
  Uses.TraverseStmt(const_cast<Stmt *>(Body));
  SourceRange BodyRange(Body->getBeginLoc(), T.endOf(Body));
  // File-scope and static data live in the pool and are shared already;
  // a clause that makes one private, firstprivate, lastprivate or a
  // reduction gives it a copy per thread like a local.
  auto Privatized = [&](const VarDecl *V) {
    auto It = Explicit.find(V);
    return It != Explicit.end() && It->second != Sharing::Shared;
  };
  // In a task, a global that an enclosing construct makes private is the
  // encountering thread's copy, a local of the enclosing translation.
  bool TaskLike = D->getDirectiveKind() == llvm::omp::OMPD_task || isTaskLoop(D);
  auto Skip = [&](const VarDecl *V) {
    if (V->isImplicit()) // Sema's own (a task reduction's .task_red.)
      return true;
    return !V->hasLocalStorage() && // globals, static and extern locals
           !((Privatized(V) || (TaskLike && T.privatizingScope(V, D->getBeginLoc(), D))) &&
             !V->getTLSKind());
  };
  for (const VarDecl *V : Uses.Order) {
    if (Skip(V))
      continue;
    if (T.contains(BodyRange, V->getLocation()))
      continue; // declared inside: private to each thread by construction
    Sharing S = Sharing::Shared;
    auto It = Explicit.find(V);
    if (It != Explicit.end())
      S = It->second;
    else if (DefaultFirstPrivate)
      S = Sharing::FirstPrivate;
    else if (DefaultPrivate)
      S = Sharing::Private;
    Out.Vars.emplace_back(V, S);
    if (S == Sharing::Shared && (Uses.Modified.count(V) || Uses.AddressTaken.count(V)))
      Out.Written.insert(V);
  }
  // What an array section's bounds name is read, shared, by the construct.
  for (const ReductionItem &R : Out.Reductions)
    for (const VarDecl *V : R.BoundVars)
      if (!Skip(V) && !Explicit.count(V) && Uses.Seen.insert(V).second)
        Out.Vars.emplace_back(V, Sharing::Shared);
  // Variables named only in clauses still get their sharing.
  for (auto &[V, S] : Explicit) {
    if (Uses.Seen.count(V) || Skip(V))
      continue;
    Out.Vars.emplace_back(V, S);
  }
  // Cross-check with what Sema captured for the construct: a variable it
  // captures that the walk above missed would be undeclared in the
  // outlined function; -Rparade names it.
  llvm::DenseSet<const VarDecl *> Classified;
  for (auto &[V, S] : Out.Vars)
    Classified.insert(V);
  // Variables that only clauses name (`schedule(dynamic, c)`, `if(flag)`)
  // are evaluated by the construct's own translation, not the body's.
  class Refs : public RecursiveASTVisitor<Refs> {
  public:
    llvm::DenseSet<const VarDecl *> &Out;
    explicit Refs(llvm::DenseSet<const VarDecl *> &Out) : Out(Out) {}
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      const auto *V = dyn_cast<VarDecl>(E->getDecl());
      if (!V || !Out.insert(V).second)
        return true;
      if (const auto *Captured = dyn_cast<OMPCapturedExprDecl>(V))
        if (const Expr *Init = Captured->getInit())
          TraverseStmt(const_cast<Expr *>(Init));
      return true;
    }
  };
  // But the clauses of constructs nested in the body, and of a combined
  // parallel construct the clauses of its inner part (schedule, filter,
  // grainsize, ...), are evaluated inside the outlined code: what they
  // name is shared with the construct like a use in the body.
  llvm::DenseSet<const VarDecl *> InsideClauses;
  bool Combined = isOpenMPParallelDirective(D->getDirectiveKind()) &&
                  D->getDirectiveKind() != llvm::omp::OMPD_parallel;
  class ClauseRefs : public RecursiveASTVisitor<ClauseRefs> {
  public:
    Refs Outside, Inside;
    const OMPExecutableDirective *Root;
    bool Combined;
    ClauseRefs(llvm::DenseSet<const VarDecl *> &Out, llvm::DenseSet<const VarDecl *> &In,
               const OMPExecutableDirective *Root, bool Combined)
        : Outside(Out), Inside(In), Root(Root), Combined(Combined) {}
    bool VisitOMPExecutableDirective(OMPExecutableDirective *Dir) {
      for (OMPClause *C : Dir->clauses()) {
        bool AtFork = isa<OMPNumThreadsClause, OMPProcBindClause>(C) ||
                      (isa<OMPIfClause>(C) &&
                       (cast<OMPIfClause>(C)->getNameModifier() == llvm::omp::OMPD_unknown ||
                        cast<OMPIfClause>(C)->getNameModifier() == llvm::omp::OMPD_parallel));
        Refs &R = Dir != Root || (Combined && !AtFork) ? Inside : Outside;
        for (Stmt *Child : C->children())
          if (Child)
            R.TraverseStmt(Child);
        if (auto *Dep = dyn_cast<OMPDependClause>(C)) // iterator(it = 0:n)
          if (Expr *Modifier = Dep->getModifier())
            R.TraverseStmt(Modifier);
      }
      return true;
    }
  } Refs(Classified, InsideClauses, D, Combined);
  Refs.TraverseStmt(const_cast<OMPExecutableDirective *>(D));
  // In declaration order: the same argument block on every run.
  std::vector<const VarDecl *> Inside(InsideClauses.begin(), InsideClauses.end());
  std::sort(Inside.begin(), Inside.end(), [&](const VarDecl *A, const VarDecl *B) {
    return T.SM.isBeforeInTranslationUnit(A->getLocation(), B->getLocation());
  });
  for (const VarDecl *V : Inside) {
    if (Classified.count(V) || Skip(V) || V->isImplicit() || isa<OMPCapturedExprDecl>(V) ||
        T.contains(BodyRange, V->getLocation()))
      continue;
    Out.Vars.emplace_back(V, Sharing::Shared);
    Classified.insert(V);
  }
  const auto *CS =
      D->hasAssociatedStmt() ? dyn_cast<CapturedStmt>(D->getAssociatedStmt()) : nullptr;
  for (const CapturedStmt::Capture &C :
       CS ? CS->captures() : CapturedStmt::capture_range(nullptr, nullptr)) {
    if (!C.capturesVariable() && !C.capturesVariableByCopy())
      continue;
    const VarDecl *V = C.getCapturedVar();
    // Sema's own temporaries (an inscan reduction's buffer) are not the
    // program's variables.
    if (V->isImplicit() || Skip(V) || Classified.count(V) ||
        T.contains(BodyRange, V->getLocation()))
      continue;
    // Not an error: a clause Clang dropped with a warning (a message that
    // is not a literal) leaves its capture behind, with nothing naming it.
    // A variable the body truly needs would fail to compile, not run wrong.
    T.remark(D->getBeginLoc(), "Sema captures '" + V->getName().str() +
                                   "' for this construct, but parade did not see it used; it "
                                   "is not passed to the outlined code");
  }
  return Out;
}

std::vector<const VarDecl *> shareTargetSavedPrivates(const OMPExecutableDirective *D,
                                                      ConstructVars &CV, bool InRegion) {
  auto Kind = D->getDirectiveKind();
  if (InRegion || (Kind != Directive::OMPD_target && Kind != Directive::OMPD_target_simd))
    return {};
  const Stmt *Body = directiveBody(D);
  if (!Body)
    return {};
  struct HoldsRegion : RecursiveASTVisitor<HoldsRegion> {
    bool Found = false;
    bool VisitOMPExecutableDirective(OMPExecutableDirective *E) {
      Found |= isParallel(E);
      return !Found;
    }
  } Holds;
  Holds.TraverseStmt(const_cast<Stmt *>(Body));
  if (!Holds.Found)
    return {};
  std::vector<const VarDecl *> Out;
  for (auto &[V, S] : CV.Vars)
    if ((S == Sharing::Private || S == Sharing::FirstPrivate) && V->hasLocalStorage() &&
        !V->getType()->isVariablyModifiedType()) {
      Out.push_back(V);
      S = Sharing::Shared; // the target works on the original
    }
  return Out;
}

std::vector<const VarDecl *> addressTakenLocals(const Stmt *Body) {
  UseCollector Uses;
  Uses.TraverseStmt(const_cast<Stmt *>(Body));
  std::vector<const VarDecl *> Out;
  for (const VarDecl *V : Uses.Order) // source order: the same names every run
    if (Uses.AddressTaken.count(V) && V->hasLocalStorage() && !isa<ParmVarDecl>(V))
      Out.push_back(V);
  return Out;
}

std::string reductionOperator(const OMPReductionClause *C) { return operatorName(C); }

/// A task's data sharing: Clang's (explicit clauses and its implicit
/// firstprivates), except that a variable private to the encountering
/// thread (declared in, or privatized by, the enclosing region) is captured
/// by value unless a clause or default(shared) makes it shared (the task
/// then reaches the thread's copy: Translation::SharedPrivates). @p Region
/// is the extent of the enclosing parallel region in this function, if any.
void adjustTaskSharing(Translation &T, const OMPExecutableDirective *D, ConstructVars &CV,
                       const SourceRange *Region) {
  if (!Region)
    return;
  const auto *Default = clause<OMPDefaultClause>(D);
  bool DefaultShared = Default && Default->getDefaultKind() == llvm::omp::OMP_DEFAULT_shared;
  for (auto &[V, Sh] : CV.Vars) {
    if (Sh != Sharing::Shared)
      continue;
    bool DeclaredInRegion = T.contains(*Region, V->getLocation());
    bool PrivateHere = T.privatizingScope(V, D->getBeginLoc(), D) != nullptr;
    bool ClauseShared = false;
    if (const auto *SC = clause<OMPSharedClause>(D))
      for (const Expr *E : SC->varlists())
        ClauseShared |= varOf(E) == V;
    // default(shared) of a thread's private copy that the task only reads:
    // the value it would read, captured when the task is made (a write
    // meanwhile by the thread would race with the task).
    ClauseShared |= DefaultShared && ((DeclaredInRegion && !PrivateHere) || CV.Written.count(V));
    if ((DeclaredInRegion || PrivateHere) && !ClauseShared)
      Sh = Sharing::FirstPrivate;
  }
}

} // namespace parade
