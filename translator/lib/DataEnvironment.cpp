//===- DataEnvironment.cpp - A construct's private copies ----------------===//
#include "DataEnvironment.h"

#include "AstUtil.h"
#include "Collectives.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace parade {

namespace {

/// Where the function that holds @p D begins: outlined helpers go there.
SourceLocation enclosingFunctionBegin(Translation &T, const OMPExecutableDirective *D) {
  const FunctionDecl *F = enclosingFunction(T.Ctx, D);
  return F ? F->getBeginLoc() : D->getBeginLoc();
}

/// Whether @p E names the variable that @p Ref (a DeclRefExpr) names.
bool refersTo(const Expr *E, const Expr *Ref) {
  const auto *R = Ref ? dyn_cast<DeclRefExpr>(Ref->IgnoreParenImpCasts()) : nullptr;
  if (!E || !R)
    return false;
  struct Finder : RecursiveASTVisitor<Finder> {
    const ValueDecl *D;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *X) {
      Found |= X->getDecl() == D;
      return !Found;
    }
  } F;
  F.D = R->getDecl();
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

/// lastprivate(conditional: V): every assignment to V in @p D's body also
/// records the logical iteration it happens in (parade_k) in @p Iter.
/// False, with an error, where that cannot be done.
bool recordAssignments(Translation &T, const OMPExecutableDirective *D, const VarDecl *V,
                       const std::string &Iter) {
  struct Assignments : RecursiveASTVisitor<Assignments> {
    const VarDecl *V;
    std::vector<const Expr *> Found;
    const Expr *AddressTaken = nullptr;
    bool names(const Expr *E) const {
      const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return R && R->getDecl() == V;
    }
    bool VisitBinaryOperator(BinaryOperator *B) {
      if (B->isAssignmentOp() && names(B->getLHS()))
        Found.push_back(B);
      return true;
    }
    bool VisitUnaryOperator(UnaryOperator *U) {
      if (U->isIncrementDecrementOp() && names(U->getSubExpr()))
        Found.push_back(U);
      if (U->getOpcode() == UO_AddrOf && names(U->getSubExpr()) && !AddressTaken)
        AddressTaken = U;
      return true;
    }
  } A;
  A.V = V;
  A.TraverseStmt(const_cast<Stmt *>(directiveBody(D)));
  if (A.AddressTaken) {
    T.error(A.AddressTaken->getExprLoc(),
            "lastprivate(conditional: " + V->getName().str() +
                ") of a variable whose address is taken is not supported by parade (its "
                "assignments through the pointer could not be seen)");
    return false;
  }
  for (const Expr *E : A.Found) {
    SourceLocation Begin = E->getBeginLoc(), End = E->getEndLoc();
    if (Begin.isMacroID() || End.isMacroID()) {
      T.expandInvocation(Begin);
      T.expandInvocation(End);
      T.error(E->getExprLoc(), "lastprivate(conditional: " + V->getName().str() +
                                   ") assigned inside a macro is not supported by parade");
      return false;
    }
    T.insert(Begin, "(" + Iter + " = parade_k, ", /*After=*/false);
    T.insertAfterToken(End, ")");
  }
  return true;
}

} // namespace

void passExtents(Translation &T, ArgBlock &A, ConstructVars &CV, const OMPExecutableDirective *D,
                 const OMPExecutableDirective *Except) {
  for (auto &[V, Sh] : CV.Vars)
    if (V->getType()->isVariablyModifiedType()) {
      std::vector<std::pair<std::string, std::string>> Extents;
      CV.DeclaredTypes[V] =
          T.withExtents(V->getType(), T.spell(V, D->getBeginLoc(), Except), Extents);
      for (const auto &[Name, Length] : Extents) {
        A.value(T.Ctx.getSizeType(), Name, Length);
        A.unpack(ArgBlock::Sizes, T.Ctx.getSizeType(), Name, Name);
      }
    }
}

std::string zeroed(const std::string &Name) {
  return "__builtin_memset((void *)&" + Name + ", 0, sizeof " + Name + "); ";
}

Privates privates(Translation &T, const OMPExecutableDirective *D, const ConstructVars &CV,
                  const VarDecl *SkipVar, bool ForRegion) {
  Privates P;
  int TaskScopes = 0; // reductions with the task modifier
  for (auto &[V, Sh] : CV.Vars) {
    if (V == SkipVar || Sh == Sharing::Shared)
      continue;
    std::string Name = V->getName().str();
    std::string Orig = T.spell(V, D->getBeginLoc(), D);
    unsigned K = T.fresh();
    QualType Ty = V->getType();
    // A VLA's copy has the original's lengths, not its bounds' current
    // values: in an outlined body they travel (CV.DeclaredTypes); in place
    // the original's type says them.
    bool InPlaceVM = !ForRegion && Ty->isVariablyModifiedType();
    auto Declare = [&](const std::string &N) {
      return InPlaceVM ? "__typeof__(" + Orig + ") " + N : T.declare(CV.declaredType(V), N);
    };
    auto DeclarePtr = [&](const std::string &N) {
      return InPlaceVM ? "__typeof__(" + Orig + ") *" + N
                       : T.declare(T.Ctx.getPointerType(CV.declaredType(V)), N);
    };
    switch (Sh) {
    case Sharing::Private: P.Decls += Declare(Name) + "; "; break;
    case Sharing::FirstPrivate:
      // Plain assignment where C allows it: taking a private copy's
      // address would keep it out of registers for the whole function.
      if (ForRegion && Ty->isVariablyModifiedType() && Ty->isArrayType()) {
        // A VLA: from its pool storage, which the prologue points to.
        P.Decls += Declare(Name) + "; parade_copy((void *)" + Name + ", " + Orig + ", sizeof " +
                   Name + "); ";
      } else if (ForRegion && Ty->isVariablyModifiedType()) {
        P.Decls += Declare(Name) + " = parade_args->" + ArgBlock::member(Name) + "; ";
      } else if (ForRegion && !Ty->isArrayType()) {
        P.Decls += Declare(Name) + " = parade_args->" + ArgBlock::member(Name) + "; ";
      } else if (ForRegion) {
        P.Decls += Declare(Name) + "; parade_copy((void *)&" + Name + ", &parade_args->" +
                   ArgBlock::member(Name) + ", sizeof " + Name + "); ";
      } else {
        std::string Ptr = "parade_fp_" + std::to_string(K);
        P.Before += DeclarePtr(Ptr) + " = &" + Orig + "; ";
        P.Decls += Ty->isArrayType() ? Declare(Name) + "; parade_copy((void *)&" + Name + ", " +
                                           Ptr + ", sizeof " + Name + "); "
                                     : Declare(Name) + " = *" + Ptr + "; ";
      }
      break;
    case Sharing::LastPrivate:
      P.Before += DeclarePtr("parade_lp_" + std::to_string(K)) + " = &" + Orig + "; ";
      if (CV.Conditional.count(V)) {
        std::string Ptr = "parade_lp_" + std::to_string(K);
        if (isSimdInPlace(D)) {
          // One thread runs the iterations in order: the copy starts as
          // the original and ends with the last value assigned, if any.
          P.Decls += Declare(Name) + " = *" + Ptr + "; ";
          P.Finish += "*" + Ptr + " = " + Name + "; ";
          break;
        }
        // The thread whose last assignment came latest in the iteration
        // order stores its copy: a maximum over every thread of every
        // node, one collective that every thread of the team meets.
        std::string Iter = "parade_cl_" + std::to_string(K);
        if (!recordAssignments(T, D, V, Iter))
          break;
        P.Decls += Declare(Name) + "; " + zeroed(Name) + "long " + Iter + " = -1; ";
        P.Finish += "{ long parade_cm = " + Iter +
                    "; parade_reduce_var parade_cv[] = {{&parade_cm, 1, PARADE_LONG, "
                    "PARADE_OP_MAX}}; parade_allreduce(parade_cv, 1); if (" +
                    Iter + " >= 0 && " + Iter + " == parade_cm) *" + Ptr + " = " + Name + "; } ";
        break;
      }
      if (CV.FirstAndLast.count(V)) {
        // firstprivate too: the copy starts from the original.
        P.Decls += Ty->isArrayType()
                       ? Declare(Name) + "; parade_copy((void *)&" + Name + ", parade_lp_" +
                             std::to_string(K) + ", sizeof " + Name + "); "
                       : Declare(Name) + " = *parade_lp_" + std::to_string(K) + "; ";
        P.EntryBarrier = "parade_barrier(); ";
      } else {
        P.Decls += Declare(Name) + "; ";
      }
      P.Finish += Ty->isArrayType()
                      ? "if (parade_last) parade_copy(parade_lp_" + std::to_string(K) + ", &" +
                            Name + ", sizeof " + Name + "); "
                      : "if (parade_last) *parade_lp_" + std::to_string(K) + " = " + Name + "; ";
      break;
    case Sharing::Reduction: {
      std::string Op;
      const ReductionItem *Item = nullptr;
      for (const ReductionItem &R : CV.Reductions)
        if (R.Var == V) {
          Op = R.Op;
          Item = &R;
        }
      std::string Ptr = "parade_ro_" + std::to_string(K);
      if (Item && Item->UDR) {
        // The declare reduction's combiner and initializer become
        // functions over omp_out/omp_in and omp_priv/omp_orig, applied to
        // each element of an array (one for a scalar).
        const OMPDeclareReductionDecl *U = Item->UDR;
        std::string S = std::to_string(K), Fn = "parade_udr_" + S;
        QualType ETy = U->getType().getUnqualifiedType();
        std::string Count = "1";
        if (std::optional<ElementLoop> L = elementLoop(T, Ty))
          Count = L->Count;
        std::string Size = "sizeof(" + T.declare(ETy, "") + ")";
        std::string Each =
            "for (unsigned long parade_ri = 0; parade_ri < " + Count + "; parade_ri++) ";
        auto At = [&](const std::string &Base) {
          return "(char *)" + Base + " + parade_ri * " + Size;
        };
        T.addBeforeFunction(enclosingFunctionBegin(T, D),
                            "static void " + Fn + "(void *parade_out, const void *parade_in) { " +
                                Each + "{ " + T.declare(ETy, "omp_out") + "; " +
                                T.declare(ETy, "omp_in") + "; parade_copy(&omp_out, " +
                                At("parade_out") + ", sizeof omp_out); parade_copy(&omp_in, " +
                                At("(void *)parade_in") + ", sizeof omp_in);\n  " +
                                T.text(U->getCombiner()->getSourceRange()) + ";\n  parade_copy(" +
                                At("parade_out") + ", &omp_out, sizeof omp_out); } }\n");
        P.Before += "void *" + Ptr + " = (void *)&" + Orig + "; ";
        P.Decls += T.declare(Ty.getUnqualifiedType(), Name) + "; ";
        if (const Expr *Init = U->getInitializer()) {
          std::string OrigCopy = T.declare(ETy, "omp_orig") + "; parade_copy(&omp_orig, " +
                                 At(Ptr) + ", sizeof omp_orig); (void)omp_orig; ";
          std::string Priv =
              U->getInitializerKind() == OMPDeclareReductionInitKind::Call
                  ? T.declare(ETy, "omp_priv") + "; " + T.text(Init->getSourceRange()) + "; "
                  : T.declare(ETy, "omp_priv") + " = " + T.text(Init->getSourceRange()) + "; ";
          P.Decls += Each + "{ " + OrigCopy + Priv + "parade_copy(" + At("&" + Name) +
                     ", &omp_priv, sizeof omp_priv); } ";
          // On the lock path a thread combines into the original as soon as
          // its work ends: an initializer that reads omp_orig must run on
          // every thread before any combines.
          if (T.Opts.ForceLockPath && refersTo(Init, U->getInitOrig()))
            P.EntryBarrier = "parade_barrier(); ";
        } else {
          // Without an initializer the copy starts as a static variable
          // would: zero.
          P.Decls += "__builtin_memset(&" + Name + ", 0, sizeof " + Name + "); ";
        }
        P.UserReductions.push_back({Name, Fn, Ptr});
        break;
      }
      if (Item && Item->Section) {
        // A private run of Length elements, named through a pointer that
        // the body's subscripts reach as they would the original; freed
        // when the construct's block ends, after the combine.
        std::string S = std::to_string(K), Elem = T.declare(Item->Elem, "");
        std::string Lo = "parade_rl_" + S, Len = "parade_rn_" + S, Buf = "parade_rp_" + S;
        std::string Each = "for (long long parade_ri = 0; parade_ri < " + Len + "; parade_ri++) ";
        std::string PrivTy = T.declare(Item->PrivateType, "");
        P.Before += "long long " + Lo + " = (long long)" + Item->Lower + ", " + Len +
                    " = (long long)" + Item->Length + "; " + Elem + " *" + Ptr + " = (" + Elem +
                    " *)(" + Orig + ") + " + Lo + "; ";
        P.Decls += Elem + " *" + Buf + " __attribute__((cleanup(parade_private_release))) = (" +
                   Elem + " *)parade_private_alloc(sizeof(" + Elem + ") * (unsigned long)" + Len +
                   "); " + Each + Buf + "[parade_ri] = " + reductionIdentity(T, Op, Item->Elem) +
                   "; " + T.declare(Item->PrivateType, Name) + " = (" + PrivTy + ")(" + Buf +
                   " - " + Lo + "); ";
        P.ReduceVars.push_back("{" + Buf + ", (unsigned long)" + Len + ", " +
                               runtimeTypeName(Item->Elem, T.Ctx) + ", " + reductionRuntimeOp(Op) +
                               "}");
        P.ReduceTargets.push_back(Item->Elem->isAnyComplexType() ? "" : Ptr);
        P.ReduceFinish.push_back(
            Each + "{ " + reductionCombine(Op, Ptr + "[parade_ri]", Buf + "[parade_ri]") + " }");
        break;
      }
      if (std::optional<ElementLoop> L = elementLoop(T, Ty)) {
        // Element by element: a private array of identities, one
        // reduction variable of Count elements, an elementwise combine.
        QualType Elem = L->Elem;
        const std::string &Count = L->Count, &ElemPtr = L->ElemPtr, &Each = L->Each;
        P.Before +=
            T.declare(T.Ctx.getPointerType(Elem), Ptr) + " = " + ElemPtr + "&" + Orig + "; ";
        P.Decls += L->identities(T, Ty, Name, Op);
        std::string Copy = "parade_rt_" + std::to_string(K);
        P.ReduceCopies += T.declare(Elem, Copy + "[" + Count + "]") + "; parade_copy(" + Copy +
                          ", " + Name + ", sizeof " + Copy + "); ";
        P.ReduceVars.push_back("{" + Copy + ", " + Count + ", " + runtimeTypeName(Elem, T.Ctx) +
                               ", " + reductionRuntimeOp(Op) + "}");
        P.ReduceTargets.push_back(Elem->isAnyComplexType() ? "" : Ptr);
        P.ReduceFinish.push_back(
            Each + "{ " + reductionCombine(Op, Ptr + "[parade_ri]", Copy + "[parade_ri]") + " }");
        P.ReduceBytes += (unsigned)T.Ctx.getTypeSizeInChars(Ty).getQuantity();
        break;
      }
      P.Before += T.declare(T.Ctx.getPointerType(Ty), Ptr) + " = &" + Orig + "; ";
      if (Item && Item->Inscan)
        P.Before += "__typeof__(" + Ptr + ") parade_scan_orig_" + Name + " = " + Ptr + "; ";
      P.Decls += T.declare(Ty, Name) + " = " + reductionIdentity(T, Op, Ty) + "; ";
      if (Item && Item->Task) {
        // The thread's in_reduction tasks combine into its accumulator;
        // once they are done (the construct's taskgroup), the accumulator
        // joins. The scope is registered for the tasks of other functions,
        // which find it by the original's address.
        std::string Acc = "parade_tr_" + Name;
        P.Decls += std::string(TaskScopes++ ? "" : "parade_taskgroup_begin(); ") +
                   T.declare(Ty.getUnqualifiedType(), Acc) + " = " + reductionIdentity(T, Op, Ty) +
                   "; parade_task_reduction_register(" + Ptr + ", &" + Acc + "); ";
        P.ReduceCopies += reductionCombine(Op, Name, Acc) + " ";
      }
      // The runtime gets a copy made after the work, so the partial itself
      // never has its address taken and can live in a register.
      std::string Copy = "parade_rt_" + std::to_string(K);
      P.ReduceCopies += T.declare(Ty.getUnqualifiedType(), Copy) + " = " + Name + "; ";
      if (const auto *Complex = Ty->getAs<ComplexType>()) {
        P.ReduceVars.push_back("{&" + Copy + ", 2, " +
                               runtimeTypeName(Complex->getElementType(), T.Ctx) + ", " +
                               reductionRuntimeOp(Op) + "}");
        P.ReduceTargets.push_back("");
      } else {
        P.ReduceVars.push_back("{&" + Copy + ", 1, " + runtimeTypeName(Ty, T.Ctx) + ", " +
                               reductionRuntimeOp(Op) + "}");
        P.ReduceTargets.push_back(Item && Item->Inscan ? "" : Ptr);
      }
      P.ReduceFinish.push_back(reductionCombine(Op, "(*" + Ptr + ")", Copy));
      P.ReduceBytes += (unsigned)T.Ctx.getTypeSizeInChars(Ty).getQuantity();
      break;
    }
    case Sharing::Shared: break;
    }
  }
  if (TaskScopes)
    P.ReduceCopies = "parade_taskgroup_end(); parade_task_reduction_unregister(" +
                     std::to_string(TaskScopes) + "); " + P.ReduceCopies;
  return P;
}

std::string reductions(Translation &T, const OMPExecutableDirective *D, const Privates &P,
                       bool Serialized, bool AtJoin) {
  if (P.ReduceVars.empty() && P.UserReductions.empty())
    return "";
  std::string Combine, UserCombine, UserAll;
  for (const std::string &F : P.ReduceFinish)
    Combine += F + " ";
  for (const auto &U : P.UserReductions) {
    UserCombine += U.Combiner + "(" + U.Orig + ", &" + U.Name + "); ";
    UserAll +=
        "parade_allreduce_user(&" + U.Name + ", sizeof " + U.Name + ", " + U.Combiner + "); ";
  }
  Combine += UserCombine;
  // A team serialized inside an active region (a nested parallel, or a
  // region of a function called from one) combines into an original that
  // other threads of the enclosing team may be combining into at the same
  // moment, from any node: under the lock then, as gcc makes such a combine
  // atomic.
  std::string Guarded = "{ int parade_nest = parade_level() > 1 && parade_in_parallel(); if "
                        "(parade_nest) parade_critical_enter(\"parade.reduction\"); " +
                        Combine + "if (parade_nest) parade_critical_exit(\"parade.reduction\"); } ";
  // With nowait a thread past the construct may release others that are
  // still before it (waiting for it through a flag polled in a critical):
  // an allreduce would wait for them, and they for it.
  std::string NowaitWhy;
  if (!Serialized && !isParallel(D) && clause<OMPNowaitClause>(D))
    NowaitWhy = nowaitUnsafe(T, enclosingDirective(T.Ctx, D, isParallel), "an allreduce");
  if (P.ReduceVars.empty() && !Serialized && !T.Opts.ForceLockPath && NowaitWhy.empty()) {
    T.remark(D->getBeginLoc(), "user-defined reduction: one allreduce with its combiner per "
                               "variable");
    return "{ " + UserAll + "if (parade_thread_num() == 0) " + Guarded + "} ";
  }
  if (Serialized)
    return "{ " + P.ReduceCopies + Guarded + "} ";
  if (T.Opts.ForceLockPath || !NowaitWhy.empty()) {
    T.remark(D->getBeginLoc(), "reduction uses the distributed lock: " +
                                   (NowaitWhy.empty() ? "-fparade-sync=lock" : NowaitWhy));
    return "{ " + P.ReduceCopies + "parade_critical_enter(\"parade.reduction\"); " + Combine +
           "parade_critical_exit(\"parade.reduction\"); } ";
  }
  std::string List;
  for (const std::string &V : P.ReduceVars)
    List += (List.empty() ? "" : ", ") + V;
  // A parallel region's reduction: the join combines the partials, and
  // small ones travel inside its exchange of write notices (one meeting of
  // the nodes, not an allreduce and then the join).
  std::string Targets;
  for (const std::string &Ptr : P.ReduceTargets)
    Targets += Ptr.empty() ? "" : "(void *)" + Ptr + ", ";
  if (AtJoin && P.UserReductions.empty() && P.ReduceTargets.size() == P.ReduceVars.size() &&
      llvm::all_of(P.ReduceTargets, [](const std::string &Ptr) { return !Ptr.empty(); })) {
    T.remark(D->getBeginLoc(),
             "reduction combined at the region's join: " + std::to_string(P.ReduceVars.size()) +
                 " variable(s), " + std::to_string(P.ReduceBytes) + " bytes");
    return "{ " + P.ReduceCopies + "parade_reduce_var parade_rv[] = {" + List +
           "}; void *const parade_rto[] = {" + Targets + "}; parade_reduce_at_join(parade_rv, " +
           "parade_rto, " + std::to_string(P.ReduceVars.size()) + "); } ";
  }
  T.remark(D->getBeginLoc(),
           "reduction mapped to one merged allreduce: " + std::to_string(P.ReduceVars.size()) +
               " variable(s), " + std::to_string(P.ReduceBytes) + " bytes");
  return "{ " + P.ReduceCopies + "parade_reduce_var parade_rv[] = {" + List +
         "}; parade_allreduce(parade_rv, " + std::to_string(P.ReduceVars.size()) + "); " + UserAll +
         "if (parade_thread_num() == 0) " + Guarded + "} ";
}

} // namespace parade
