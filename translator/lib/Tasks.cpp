//===- Tasks.cpp - Explicit tasks and taskloops ---------------------------===//
#include "Tasks.h"

#include "ArgBlock.h"
#include "AstUtil.h"
#include "DataEnvironment.h"
#include "DataSharing.h"
#include "IterationSpace.h"
#include "TaskDependences.h"

#include "clang/AST/OpenMPClause.h"

using namespace clang;

namespace parade {

namespace {

std::string taskFlags(ConstructContext &C, const OMPExecutableDirective *D) {
  std::string Flags = "0";
  if (const auto *I = clause<OMPIfClause>(D))
    Flags += " | (" + C.clauseText(D, I->getCondition()) + " ? 0 : PARADE_TASK_UNDEFERRED)";
  if (const auto *F = clause<OMPFinalClause>(D))
    Flags += " | (" + C.clauseText(D, F->getCondition()) + " ? PARADE_TASK_FINAL : 0)";
  return Flags;
}

/// The event-handle variable of a detach clause, spelled where the task
/// is created.
std::string eventOf(ConstructContext &C, const OMPExecutableDirective *D,
                    const OMPDetachClause *Detach) {
  if (const VarDecl *Event = varOf(Detach->getEventHandler()))
    return C.T.spell(Event, D->getBeginLoc(), D);
  return C.clauseText(D, Detach->getEventHandler());
}

/// What a taskloop adds to a task: its loop variables are the task's own,
/// and its body runs the iterations [parade_lo, parade_hi) of parade_n.
struct TaskLoopParts {
  llvm::DenseMap<const VarDecl *, std::string> Finals; ///< loop variable -> value after the loop
  std::vector<std::pair<QualType, std::string>> Inputs;
  std::string Body;
};

/// A task's private copies of its reduction (in_reduction) variables, and
/// their combine into the original at the task's end.
struct TaskReductions {
  std::string Decls, Finish;

  void add(Translation &T, const VarDecl *V, const std::string &Op, const std::string &Orig,
           const ReductionItem *Item) {
    if (Item && (Item->Section || Item->UDR)) {
      T.error(V->getLocation(), "a task reduction over an array section or with a "
                                "user-defined reduction is not supported by parade");
      return;
    }
    std::string Name = V->getName().str();
    QualType Ty = V->getType().getUnqualifiedType();
    if (std::optional<ElementLoop> L = elementLoop(T, Ty)) {
      Decls += L->identities(T, Ty, Name, Op);
      Finish += L->Each + "{ " +
                reductionCombine(Op, "(" + L->ElemPtr + Orig + ")[parade_ri]",
                                 "(" + L->ElemPtr + Name + ")[parade_ri]") +
                " } ";
      return;
    }
    Decls += T.declare(Ty, Name) + " = " + reductionIdentity(T, Op, Ty) + "; ";
    Finish += reductionCombine(Op, "(*" + Orig + ")", Name) + " ";
  }

  std::string finish() const {
    return Finish.empty()
               ? ""
               : "parade_task_reduction_begin(); " + Finish + "parade_task_reduction_end(); ";
  }
};

const ReductionItem *reductionItem(const ConstructVars &CV, const VarDecl *V) {
  for (const ReductionItem &R : CV.Reductions)
    if (R.Var == V)
      return &R;
  return nullptr;
}

std::string reductionOp(const ConstructVars &CV, const VarDecl *V) {
  const ReductionItem *R = reductionItem(CV, V);
  return R ? R->Op : "+";
}

/// Whether a clause of kind C on @p D (one that @p Take accepts, if given)
/// names @p V.
template <typename C>
bool clausesName(const OMPExecutableDirective *D, const VarDecl *V,
                 bool (*Take)(const C *) = nullptr) {
  for (const C *Cl : D->getClausesOfKind<C>())
    if (!Take || Take(Cl))
      for (const Expr *E : Cl->varlists())
        if (varOf(E) == V)
          return true;
  return false;
}

/// Whether @p D names @p V in an in_reduction clause.
bool namesInReduction(const OMPExecutableDirective *D, const VarDecl *V) {
  return clausesName<OMPInReductionClause>(D, V);
}

/// Whether taskloop @p D names @p V in a reduction clause.
bool taskLoopReduces(const OMPExecutableDirective *D, const VarDecl *V) {
  return isTaskLoop(D) && clausesName<OMPReductionClause>(D, V);
}

/// The pointer through which a task of @p D reaches where its partial of
/// @p V goes. An in_reduction item's, or a taskloop reduction's, has a name
/// that a task created inside @p D can spell before @p D is translated
/// (inReductionTarget).
std::string reductionPointer(Translation &T, const OMPExecutableDirective *D, const VarDecl *V) {
  if (namesInReduction(D, V) || taskLoopReduces(D, V))
    return "parade_ir_" + std::to_string(D->getBeginLoc().getRawEncoding()) + "_" +
           V->getName().str();
  return "parade_tp_" + std::to_string(T.fresh());
}

/// Where an in_reduction task of @p D combines its partial of @p V: the
/// original as spelled at the task, when the nearest construct that scopes
/// @p V's task reduction is a taskgroup with task_reduction; the creating
/// thread's accumulator of that construct (DataEnvironment.cpp), when it is
/// a reduction with the task modifier. When no construct of this function
/// scopes it (an orphaned task, called from inside the scope), the runtime
/// finds the scope by the original's address, which every scope registers
/// (parade_task_reduction_register). Inside a task that is itself in the
/// reduction (in_reduction of @p V, or a taskloop's reduction), where @p V
/// names that task's partial: where that task's partial goes.
std::string inReductionTarget(Translation &T, const OMPExecutableDirective *D, const VarDecl *V,
                              const OMPExecutableDirective *Except) {
  std::string Orig = "&" + T.spell(V, D->getBeginLoc(), Except);
  if (!namesInReduction(D, V))
    return Orig;
  bool InTask = false;
  for (const OMPExecutableDirective *P = D;
       (P = enclosingDirective(T.Ctx, P, [](const OMPExecutableDirective *) { return true; }));) {
    // A target runs in place as a task in the reduction would.
    if (((isa<OMPTaskDirective>(P) || isTaskLoop(P) || isa<OMPTargetDirective>(P)) &&
         namesInReduction(P, V)) ||
        taskLoopReduces(P, V)) {
      if (InTask)
        T.error(D->getBeginLoc(), "an in_reduction task inside another task or region that is "
                                  "itself inside a task in the reduction of '" +
                                      V->getName().str() + "' is not supported by parade");
      return reductionPointer(T, P, V);
    }
    if (clausesName<OMPTaskReductionClause>(P, V))
      return Orig;
    if (clausesName<OMPReductionClause>(P, V, [](const OMPReductionClause *Rd) {
          return Rd->getModifier() == OMPC_REDUCTION_task;
        })) {
      if (InTask)
        T.error(D->getBeginLoc(), "an in_reduction task created inside another task of a "
                                  "reduction with the task modifier is not supported by parade");
      return "&parade_tr_" + V->getName().str();
    }
    // Outlined code between: it cannot name what the construct declared.
    InTask |= isa<OMPTaskDirective>(P) || isTaskLoop(P) ||
              isOpenMPParallelDirective(P->getDirectiveKind());
  }
  T.remark(D->getBeginLoc(), "in_reduction of '" + V->getName().str() +
                                 "': no construct here scopes it for this task, so the task "
                                 "finds its reduction scope when it is created");
  return "parade_task_reduction_target(" + Orig + ", \"" + V->getName().str() + "\")";
}

} // namespace

InPlaceReductions inPlaceReductions(Translation &T, const OMPExecutableDirective *D,
                                    const ConstructVars &CV, const OMPExecutableDirective *Except) {
  InPlaceReductions Out;
  TaskReductions R;
  for (auto &[V, S] : CV.Vars) {
    if (S != Sharing::Reduction)
      continue;
    std::string Ptr = reductionPointer(T, D, V);
    Out.Before += T.declare(T.Ctx.getPointerType(V->getType()), Ptr) + " = " +
                  inReductionTarget(T, D, V, Except) + "; ";
    R.add(T, V, reductionOp(CV, V), Ptr, reductionItem(CV, V));
  }
  Out.Decls = R.Decls;
  Out.Finish = R.finish();
  return Out;
}

namespace {

/// A task run at once by the encountering thread, in place: @p Body (its
/// statement, or a taskloop's iterations) with its data environment.
std::string undeferredTask(ConstructContext &C, const OMPExecutableDirective *D,
                           const ConstructVars &CV, const TaskLoopParts *Loop,
                           const OMPExecutableDirective *Except) {
  Translation &T = C.T;
  std::string Before, Decls, Finish;
  for (auto &[V, S] : CV.Vars) {
    std::string Name = V->getName().str();
    std::string Orig = T.spell(V, D->getBeginLoc(), Except);
    // A VLA's copy has the original's lengths, which its type says (its
    // bounds may have changed since).
    bool VM = V->getType()->isVariablyModifiedType();
    auto Declare = [&](const std::string &N) {
      return VM ? "__typeof__(" + Orig + ") " + N : T.declare(V->getType(), N);
    };
    auto DeclarePtr = [&](const std::string &N) {
      return VM ? "__typeof__(" + Orig + ") *" + N
                : T.declare(T.Ctx.getPointerType(V->getType()), N);
    };
    bool Pointer = S == Sharing::LastPrivate;
    std::string Ptr = Pointer ? "parade_tp_" + std::to_string(T.fresh()) : "";
    if (Loop && Loop->Finals.count(V)) {
      if (S == Sharing::LastPrivate) {
        Before += DeclarePtr(Ptr) + " = &" + Orig + "; ";
        Finish += "*" + Ptr + " = " + Loop->Finals.lookup(V) + "; ";
      }
      continue;
    }
    switch (S) {
    case Sharing::Shared:
      if (const auto *SP = T.sharedPrivateOf(D, V))
        Before += DeclarePtr(SP->Ptr) + " = &" + Orig + "; ";
      break;
    case Sharing::FirstPrivate: {
      std::string Tmp = "parade_tf_" + std::to_string(T.fresh());
      Before +=
          Declare(Tmp) + "; parade_copy((void *)&" + Tmp + ", &" + Orig + ", sizeof " + Tmp + "); ";
      Decls += Declare(Name) + "; parade_copy((void *)&" + Name + ", &" + Tmp + ", sizeof " + Name +
               "); ";
      break;
    }
    case Sharing::LastPrivate:
      Before += DeclarePtr(Ptr) + " = &" + Orig + "; ";
      Decls += Declare(Name) + "; " + zeroed(Name);
      Finish += "parade_copy(" + Ptr + ", &" + Name + ", sizeof " + Name + "); ";
      break;
    case Sharing::Reduction: break; // inPlaceReductions
    default: Decls += Declare(Name) + "; "; break;
    }
  }
  InPlaceReductions R = inPlaceReductions(T, D, CV, Except);
  std::string Body = Loop ? Loop->Body : C.bodyText(D);
  return "{ " + Before + R.Before + "{ " + Decls + R.Decls + Body + " " + Finish + R.Finish + "} }";
}

/// Outline @p D as a task: its function is placed before the enclosing
/// function, and the text returned queues it. Empty, with @p Why set, when
/// the task must run at once instead.
std::string outlineTask(ConstructContext &C, const OMPExecutableDirective *D,
                        const ConstructVars &Vars, const TaskLoopParts *Loop,
                        const OMPExecutableDirective *Except, std::string &Why, std::string &Fn) {
  Translation &T = C.T;
  ConstructVars CV = Vars; // with the types the task declares its variables with
  unsigned Id = T.fresh();
  std::string Struct = "struct parade_targs_" + std::to_string(Id);
  ArgBlock A(T, Struct, "parade_ta");
  std::string Decls, Finish;
  TaskReductions R;
  // A pointer to a variably modified type (a VLA, a pointer to one)
  // travels as a void pointer and is declared after the bounds it names.
  auto PointerField = [&](QualType Ty, const std::string &Field, const std::string &Value) {
    if (Ty->isVariablyModifiedType()) {
      A.pointer(Field, Value);
      A.unpack(ArgBlock::VariablyModified, Ty, Field, Field);
    } else {
      A.value(Ty, Field, Value);
      A.unpack(ArgBlock::Plain, Ty, Field, Field);
    }
  };
  auto PointerTo = [&](const VarDecl *V, const std::string &Field) {
    PointerField(T.Ctx.getPointerType(CV.declaredType(V)), Field,
                 "&" + T.spell(V, D->getBeginLoc(), Except));
  };
  // The bounds those types name travel by value, as the task is made.
  llvm::SetVector<const VarDecl *> SizeVars;
  for (auto &[V, Sh] : CV.Vars)
    if (V->getType()->isVariablyModifiedType())
      collectSizeVars(T.Ctx, V->getType(), SizeVars);
  for (const VarDecl *S : SizeVars) {
    if (!S->hasLocalStorage())
      continue;
    std::string Field = "parade_vsz_" + S->getName().str();
    A.value(S->getType().getUnqualifiedType(), Field, T.spell(S, D->getBeginLoc(), Except));
    A.unpack(ArgBlock::Sizes, S->getType(), S->getName(), Field);
  }
  // So do the lengths those types have, which the task declares the
  // variables with (the bounds may have changed since).
  passExtents(T, A, CV, D, Except);
  for (auto &[V, Sh] : CV.Vars) {
    std::string Name = V->getName().str();
    QualType Ty = CV.declaredType(V);
    std::string Field = Sh == Sharing::Reduction     ? reductionPointer(T, D, V)
                        : Sh == Sharing::LastPrivate ? "parade_tp_" + std::to_string(T.fresh())
                                                     : "";
    if (Loop && Loop->Finals.count(V)) {
      // Declared by each iteration; lastprivate: the value after the loop.
      if (Sh == Sharing::LastPrivate) {
        PointerTo(V, Field);
        Finish += "if (parade_hi == parade_n) *" + Field + " = " + Loop->Finals.lookup(V) + "; ";
      }
      continue;
    }
    // Shared, a variably modified variable travels as a pointer; a
    // private one needs only its bounds; a pointer to a VLA is copied.
    // A VLA copied by value (firstprivate, lastprivate, a reduction) has
    // no field of fixed size to travel in.
    bool VM = Ty->isVariablyModifiedType();
    if (VM && Sh == Sharing::FirstPrivate && !Ty->isArrayType()) {
      PointerField(Ty.getUnqualifiedType(), Name, T.spell(V, D->getBeginLoc(), Except));
      continue;
    }
    if (VM && Sh != Sharing::Shared && Sh != Sharing::Private) {
      Why = "it copies the variable-length array '" + Name + "'";
      return "";
    }
    switch (Sh) {
    case Sharing::Shared: {
      if (const auto *SP = T.sharedPrivateOf(D, V)) {
        PointerTo(V, SP->Ptr);
        break;
      }
      auto Pool = T.Pooled.find(V->getCanonicalDecl());
      if (Pool == T.Pooled.end()) {
        Why = "'" + Name + "' has no storage to share";
        return "";
      }
      const std::string &Ptr = Pool->second;
      PointerField(T.Ctx.getPointerType(Ty), Ptr, Ptr);
      break;
    }
    case Sharing::FirstPrivate:
      A.copy(Ty.getUnqualifiedType(), Name, T.spell(V, D->getBeginLoc(), Except));
      Decls += T.declare(Ty, Name) + "; parade_copy((void *)&" + Name + ", &parade_args->" +
               ArgBlock::member(Name) + ", sizeof " + Name + "); ";
      break;
    case Sharing::LastPrivate: // a taskloop's: the task with the last iteration
      PointerTo(V, Field);
      Decls += T.declare(Ty, Name) + "; " + zeroed(Name);
      Finish += "if (parade_hi == parade_n) parade_copy(" + Field + ", &" + Name + ", sizeof " +
                Name + "); ";
      break;
    case Sharing::Reduction: {
      QualType PtrTy = T.Ctx.getPointerType(V->getType());
      A.value(PtrTy, Field, inReductionTarget(T, D, V, Except));
      A.unpack(ArgBlock::Plain, PtrTy, Field, Field);
      R.add(T, V, reductionOp(CV, V), Field, reductionItem(CV, V));
      break;
    }
    default: Decls += T.declare(Ty, Name) + "; "; break;
    }
  }
  if (Loop)
    for (const auto &[Ty, Name] : Loop->Inputs) {
      A.value(Ty, Name, Name);
      A.unpack(ArgBlock::Plain, Ty, Name, Name);
    }
  Fn = "parade_task_" + std::to_string(Id);
  auto [Defines, Undefs] = T.localMacros(C.Function, D->getBeginLoc());
  T.addBeforeFunction(C.Function->getBeginLoc(),
                      Defines +
                          T.asCodeOf(C.Function,
                                     C.enclosingPrototype() + A.definition() + "static void " + Fn +
                                         "(void *parade_raw) {\n  " + Struct +
                                         " *parade_args = parade_raw; (void)parade_args;\n  " +
                                         A.prologue() + "\n  { " + Decls + R.Decls + "\n" +
                                         (Loop ? Loop->Body : C.bodyText(D)) + "\n  " + Finish +
                                         R.finish() + "}\n}\n",
                                     D) +
                          Undefs);
  std::string Deps = dependItems(C, D);
  if (const auto *Detach = clause<OMPDetachClause>(D))
    return A.packing() + Deps + "parade_task_detached(" + Fn + ", &parade_ta, sizeof parade_ta, " +
           taskFlags(C, D) + ", (unsigned long long)" + eventOf(C, D, Detach) + "); }";
  return A.packing() + Deps + "parade_task(" + Fn + ", &parade_ta, sizeof parade_ta, " +
         taskFlags(C, D) + "); }";
}

/// A task run in place still runs after the siblings it depends on; the
/// siblings created after it see it complete.
std::string inPlace(ConstructContext &C, const OMPExecutableDirective *D, const std::string &Body) {
  std::string Wait = dependWait(C, D);
  return Wait.empty() ? Body : "{ " + Wait + Body + " }";
}

/// The first parallel region of this function that @p D holds, if any.
const OMPExecutableDirective *heldRegion(ConstructContext &C, const OMPExecutableDirective *D) {
  for (const OMPExecutableDirective *R : C.Regions)
    if (R != D && C.T.contains(C.T.extent(D), R->getBeginLoc()))
      return R;
  return nullptr;
}

} // namespace

std::string task(ConstructContext &C, const OMPExecutableDirective *D) {
  Translation &T = C.T;
  ConstructVars CV = analyzeConstruct(T, D);
  std::optional<SourceRange> Region = C.regionExtent(D);
  adjustTaskSharing(T, D, CV, Region ? &*Region : nullptr);
  const auto *Detach = clause<OMPDetachClause>(D);
  if (const OMPExecutableDirective *R = heldRegion(C, D)) {
    if (Detach) {
      T.error(Detach->getBeginLoc(), "a detached task that must run at once (it holds a "
                                     "parallel region) is not supported by parade");
      return "";
    }
    for (auto &[V, Sh] : CV.Vars)
      if (Sh != Sharing::Shared && Sh != Sharing::Reduction) {
        T.error(R->getBeginLoc(), "a parallel region inside a task that has private "
                                  "variables is not supported by parade");
        break;
      }
    T.remark(D->getBeginLoc(), "task runs at once: it holds a parallel region");
    return inPlace(C, D, undeferredTask(C, D, CV, nullptr, D));
  }
  // The task body moves to a function of its own; the argument block
  // carries the values it captures and pointers to what it shares.
  std::string Why, Fn;
  std::string Call = outlineTask(C, D, CV, nullptr, D, Why, Fn);
  if (Call.empty()) {
    if (Detach) {
      T.error(Detach->getBeginLoc(),
              "a detached task that must run at once (" + Why + ") is not supported by parade");
      return "";
    }
    T.remark(D->getBeginLoc(), "task runs at once: " + Why);
    return inPlace(C, D, undeferredTask(C, D, CV, nullptr, D));
  }
  T.remark(D->getBeginLoc(), "task outlined to " + Fn + ", queued for a thread of this node");
  if (Detach) {
    // The handle is made, and stored in the encountering task's variable,
    // before the task's data is captured.
    return "{ " + eventOf(C, D, Detach) + " = (omp_event_handle_t)parade_event_new(); " + Call +
           " }";
  }
  return Call;
}

std::string taskloop(ConstructContext &C, const OMPExecutableDirective *D, bool InRegionTail) {
  Translation &T = C.T;
  std::vector<CanonicalLoop> Loops = collapsedLoops(T, D);
  if (Loops.empty())
    return "";
  ConstructVars CV = analyzeConstruct(T, D);
  std::optional<SourceRange> Region = C.regionExtent(D);
  if (!InRegionTail)
    adjustTaskSharing(T, D, CV, Region ? &*Region : nullptr);
  // In a combined parallel construct the originals are the region's own
  // copies, spelled as they are inside it.
  const OMPExecutableDirective *Except = InRegionTail ? nullptr : D;
  IterationSpace Space = iterationSpace(C, Loops);
  TaskLoopParts Parts;
  for (size_t K = 0; K < Loops.size(); K++)
    Parts.Finals[Loops[K].Var] = Space.Finals[K];
  Parts.Inputs = Space.Inputs;
  for (const char *Name : {"parade_lo", "parade_hi", "parade_n"})
    Parts.Inputs.emplace_back(T.Ctx.LongLongTy, Name);
  Parts.Body = "for (long long parade_k = parade_lo; parade_k < parade_hi; parade_k++) {\n"
               "      long long parade_r = parade_k; " +
               Space.Indices + "(void)parade_r;\n      " + nestBody(C, Loops) + "\n    }";
  std::string Grain = "0", NumTasks = "0", Strict = "0";
  if (const auto *G = clause<OMPGrainsizeClause>(D)) {
    Grain = "(long long)" + C.clauseText(D, G->getGrainsize());
    Strict = G->getModifier() == OMPC_GRAINSIZE_strict ? "1" : "0";
  }
  if (const auto *N = clause<OMPNumTasksClause>(D))
    NumTasks = "(long long)" + C.clauseText(D, N->getNumTasks());
  bool Group = !clause<OMPNogroupClause>(D);
  // A taskloop with reduction is a taskgroup with task_reduction: its tasks
  // combine into the original, and an in_reduction task that a function
  // called from its body creates finds that scope at run time.
  std::string Scopes;
  int ScopeCount = 0;
  for (const auto *Rd : D->getClausesOfKind<OMPReductionClause>())
    for (const Expr *E : Rd->varlists())
      if (const VarDecl *V = varOf(E); V && Group) {
        std::string Orig = "&" + T.spell(V, D->getBeginLoc(), Except);
        Scopes += "parade_task_reduction_register(" + Orig + ", " + Orig + "); ";
        ScopeCount++;
      }
  std::string Head = "{ " + Space.Bounds + "long long parade_n = " + Space.Total + ";\n  " +
                     (Group ? "parade_taskgroup_begin(); " : "") + Scopes;
  std::string Tail =
      std::string(Group ? "parade_taskgroup_end(); " : "") +
      (ScopeCount ? "parade_task_reduction_unregister(" + std::to_string(ScopeCount) + "); " : "") +
      (InRegionTail ? "parade_last = 1; " : "") + "}";
  std::string Why, Fn;
  if (heldRegion(C, D))
    Why = "its body holds a parallel region";
  std::string Call = Why.empty() ? outlineTask(C, D, CV, &Parts, Except, Why, Fn) : "";
  if (Call.empty()) {
    T.remark(D->getBeginLoc(), "'" + directiveName(D) + "' runs its iterations at once: " + Why);
    return Head + "long long parade_lo = 0, parade_hi = parade_n;\n  " +
           undeferredTask(C, D, CV, &Parts, Except) + "\n  " + Tail;
  }
  T.remark(D->getBeginLoc(), "'" + directiveName(D) + "' creates tasks of its iterations (" + Fn +
                                 "), run by the threads of this node");
  return Head + "long long parade_nt = parade_taskloop_tasks(parade_n, " + Grain + ", " + NumTasks +
         ", " + Strict + ");\n  " +
         "for (long long parade_t = 0; parade_t < parade_nt; parade_t++) {\n    " +
         "long long parade_lo, parade_hi; parade_taskloop_range(parade_n, parade_nt, " + Grain +
         ", " + Strict + ", parade_t, &parade_lo, &parade_hi);\n    " + Call + "\n  }\n  " + Tail;
}

} // namespace parade
