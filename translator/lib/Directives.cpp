//===- Directives.cpp - Translating OpenMP directives ---------------------===//
#include "Directives.h"

#include "AstUtil.h"
#include "ConstructContext.h"
#include "DataEnvironment.h"
#include "DataSharing.h"
#include "IterationSpace.h"
#include "LoopNest.h"
#include "Regions.h"
#include "Synchronisation.h"
#include "TaskDependences.h"
#include "Tasks.h"
#include "WorkSharing.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using llvm::omp::Directive;

namespace parade {

namespace {

/// What a directive becomes: its translation's text, which replaces the
/// directive and its statement.
using Translate = std::string (*)(ConstructContext &C, const OMPExecutableDirective *D);

std::string parallel(ConstructContext &C, const OMPExecutableDirective *D) {
  return C.nestedInRegion(D) ? serializedRegion(C, D) : outline(C, D);
}

std::string forLoop(ConstructContext &C, const OMPExecutableDirective *D) {
  return loop(C, D, /*InRegionTail=*/false);
}

std::string simd(ConstructContext &C, const OMPExecutableDirective *D);

/// loop: bound to the enclosing region (parallel or teams, also an
/// orphaned one's), it shares out its iterations as `for` does, barrier
/// included; bound to the thread, that thread runs them all, as in simd.
std::string genericLoop(ConstructContext &C, const OMPExecutableDirective *D) {
  if (!isLoop(D))
    return simd(C, D);
  return loop(C, D, /*InRegionTail=*/false);
}

std::string sectionsConstruct(ConstructContext &C, const OMPExecutableDirective *D) {
  C.T.remark(D->getBeginLoc(), "sections are handed out one at a time, like a dynamic loop");
  return sections(C, D, false);
}

std::string master(ConstructContext &C, const OMPExecutableDirective *D) {
  C.T.remark(D->getBeginLoc(), "master runs on global thread 0, with no barrier");
  return "if (parade_thread_num() == 0) " + C.bodyText(D);
}

std::string masked(ConstructContext &C, const OMPExecutableDirective *D) {
  std::string Filter = "0";
  if (const auto *F = clause<OMPFilterClause>(D))
    Filter = C.clauseText(D, F->getThreadID());
  C.T.remark(D->getBeginLoc(), "masked runs on the global thread its filter names, with no "
                               "barrier");
  return "if (parade_thread_num() == " + Filter + ") " + C.bodyText(D);
}

std::string critical(ConstructContext &C, const OMPExecutableDirective *D) {
  std::string Name = cast<OMPCriticalDirective>(D)->getDirectiveName().getAsString();
  return synchronisedUpdate(C, D, "critical", Name.empty() ? "0" : "\"" + Name + "\"");
}

std::string atomic(ConstructContext &C, const OMPExecutableDirective *D) {
  return synchronisedUpdate(C, D, "atomic", "\"parade.atomic\"");
}

std::string barrier(ConstructContext &C, const OMPExecutableDirective *D) {
  C.T.remark(D->getBeginLoc(), "barrier is a DSM barrier over all nodes of the team");
  return "parade_barrier();";
}

std::string taskwait(ConstructContext &C, const OMPExecutableDirective *D) {
  for (const OMPClause *Cl : D->clauses())
    if (!isa<OMPDependClause, OMPNowaitClause>(Cl))
      C.T.error(Cl->getBeginLoc(), "clause '" +
                                       llvm::omp::getOpenMPClauseName(Cl->getClauseKind()).str() +
                                       "' on 'taskwait' is not supported by parade");
  if (clause<OMPDependClause>(D)) {
    bool NoWait = clause<OMPNowaitClause>(D);
    C.T.remark(D->getBeginLoc(), NoWait ? "taskwait depend nowait creates a task without a body "
                                          "that has those dependences"
                                        : "taskwait with depend waits for the child tasks it "
                                          "depends on, running tasks meanwhile");
    return "{ " + dependItems(C, D) + "parade_taskwait_depend(" + (NoWait ? "1" : "0") + "); }";
  }
  C.T.remark(D->getBeginLoc(), "taskwait runs this task's queued children, then waits for "
                               "the rest");
  return "parade_taskwait();";
}

/// `error` at(execution) reports at run time; at(compilation), the default,
/// was reported by Clang while parsing and leaves nothing.
std::string errorDirective(ConstructContext &C, const OMPExecutableDirective *D) {
  const auto *At = clause<OMPAtClause>(D);
  if (!At || At->getAtKind() != OMPC_AT_execution)
    return ";";
  const auto *Severity = clause<OMPSeverityClause>(D);
  bool Fatal = !Severity || Severity->getSeverityKind() == OMPC_SEVERITY_fatal;
  std::string Message = "0";
  if (const auto *M = clause<OMPMessageClause>(D))
    Message = C.clauseText(D, M->getMessageString());
  C.T.remark(D->getBeginLoc(), std::string("error directive reports at run time") +
                                   (Fatal ? " and ends the job" : ""));
  return "parade_error_directive(" + Message + ", " + (Fatal ? "1" : "0") + ");";
}

std::string taskyield(ConstructContext &C, const OMPExecutableDirective *D) {
  C.T.remark(D->getBeginLoc(), "taskyield may run one queued child task");
  return "parade_taskyield();";
}

std::string taskgroup(ConstructContext &C, const OMPExecutableDirective *D) {
  C.T.remark(D->getBeginLoc(), "taskgroup end runs queued tasks until the group's are done");
  std::string Scopes;
  int Count = 0;
  for (const OMPClause *Cl : D->clauses()) {
    if (const auto *TR = dyn_cast<OMPTaskReductionClause>(Cl)) {
      // Each participating task (in_reduction) combines its partial into
      // the original as it ends; the taskgroup's end waits for them all.
      // The scope is registered for the tasks of other functions, which
      // find it by the original's address.
      for (const Expr *E : TR->varlists())
        if (const VarDecl *V = varOf(E)) {
          std::string Orig = "&" + C.T.spell(V, D->getBeginLoc(), D);
          Scopes += "parade_task_reduction_register(" + Orig + ", " + Orig + "); ";
          Count++;
        }
      C.T.remark(Cl->getBeginLoc(), "task_reduction: the taskgroup's tasks combine their "
                                    "partials into the original as they end");
      continue;
    }
    C.T.error(Cl->getBeginLoc(), "clause '" +
                                     llvm::omp::getOpenMPClauseName(Cl->getClauseKind()).str() +
                                     "' on 'taskgroup' is not supported by parade");
  }
  std::string End =
      Count ? " parade_task_reduction_unregister(" + std::to_string(Count) + ");" : "";
  return "{ parade_taskgroup_begin(); " + Scopes + C.bodyText(D) + " parade_taskgroup_end();" +
         End + " }";
}

std::string taskloopConstruct(ConstructContext &C, const OMPExecutableDirective *D) {
  return taskloop(C, D, /*InRegionTail=*/false);
}

/// master taskloop, masked taskloop (and their simd forms).
std::string maskedTaskloop(ConstructContext &C, const OMPExecutableDirective *D) {
  const auto *F = clause<OMPFilterClause>(D);
  return "if (parade_thread_num() == " + (F ? C.clauseText(D, F->getThreadID()) : "0") + ") " +
         taskloop(C, D, /*InRegionTail=*/false);
}

/// target (and target simd): the host is the device, so the region runs in
/// place on the encountering thread, in its data environment (mapped data
/// is the original; firstprivate, implicit for scalars, is copied).
std::string target(ConstructContext &C, const OMPExecutableDirective *D) {
  Translation &T = C.T;
  // target simd: its loop is a simd loop on the encountering thread
  // (lastprivate, linear and the loop variable as simd has them); a
  // parallel region cannot be inside it, nor in_reduction on it.
  // A target task with depend runs in place once its predecessors among
  // its earlier siblings have completed.
  std::string Wait = dependWait(C, D);
  if (D->getDirectiveKind() == Directive::OMPD_target_simd)
    return "{ " + Wait + simd(C, D) + " }";
  ConstructVars CV = analyzeConstruct(T, D);
  // in_reduction: the target task runs in place, and takes part in the
  // task reduction as a task would (a private copy, combined at its end
  // under the task reduction lock), not updating the original while the
  // group's tasks combine into it.
  InPlaceReductions R = inPlaceReductions(T, D, CV, D);
  for (auto &[V, Sh] : CV.Vars)
    if (Sh == Sharing::Reduction)
      Sh = Sharing::Shared;
  CV.Reductions.clear();
  // Copies a region inside could not reach: the target works on the
  // original, saved before it and restored after it.
  std::string Save, Restore;
  for (const VarDecl *V : shareTargetSavedPrivates(D, CV, C.nestedInRegion(D))) {
    std::string Orig = T.spell(V, D->getBeginLoc()), Tmp = "parade_ts_" + std::to_string(T.fresh());
    Save += T.declare(V->getType(), Tmp) + "; parade_copy((void *)&" + Tmp + ", &" + Orig +
            ", sizeof " + Tmp + "); ";
    Restore += "parade_copy((void *)&" + Orig + ", &" + Tmp + ", sizeof " + Tmp + "); ";
    T.remark(D->getBeginLoc(), "'" + V->getName().str() + "' is private to the '" +
                                   directiveName(D) +
                                   "' that holds a parallel region: the target works on it and "
                                   "it is restored after the target");
  }
  Privates P = privates(T, D, CV, nullptr, false);
  T.remark(D->getBeginLoc(), "'" + directiveName(D) +
                                 "' runs in place: the host is the device (omp_get_num_devices() "
                                 "is 0)");
  return "{ " + Wait + Save + P.Before + R.Before + "{ " + P.Decls + R.Decls + "\n" +
         C.bodyText(D) + "\n" + P.Finish + R.Finish + "} " + Restore + "}";
}

/// target data: the body, with the original data (the host is the device).
std::string targetData(ConstructContext &C, const OMPExecutableDirective *D) {
  C.T.remark(D->getBeginLoc(), "target data maps nothing: the host is the device");
  return C.bodyText(D);
}

/// target enter data, target exit data, target update: nothing to move.
std::string targetStandalone(ConstructContext &C, const OMPExecutableDirective *D) {
  C.T.remark(D->getBeginLoc(), "'" + directiveName(D) + "' moves nothing: the host is the device");
  std::string Wait = dependWait(C, D);
  return Wait.empty() ? ";" : "{ " + Wait + "}";
}

/// scan: its loop's translation splits the body at it (Scan.h); in a
/// simd loop, which runs in order on one thread, it has nothing to do.
std::string scan(ConstructContext &C, const OMPExecutableDirective *D) {
  (void)C, (void)D;
  return "";
}

/// interop: parade has no foreign runtime (the host is the only device),
/// so init leaves its object omp_interop_none, as OpenMP says when none
/// can be initialised; destroy sets it so too, and use has nothing to do.
/// depend waits for the tasks it names, as for a task run at once.
std::string interop(ConstructContext &C, const OMPExecutableDirective *D) {
  std::string Out = dependWait(C, D);
  for (const OMPClause *Cl : D->clauses()) {
    if (const auto *I = dyn_cast<OMPInitClause>(Cl))
      Out += C.clauseText(D, I->getInteropVar()) + " = omp_interop_none; ";
    else if (const auto *Ds = dyn_cast<OMPDestroyClause>(Cl); Ds && Ds->getInteropVar())
      Out += C.clauseText(D, Ds->getInteropVar()) + " = omp_interop_none; ";
    else if (const auto *U = dyn_cast<OMPUseClause>(Cl))
      Out += "(void)" + C.clauseText(D, U->getInteropVar()) + "; ";
  }
  C.T.remark(D->getBeginLoc(), "interop: no foreign runtime here, the object is "
                               "omp_interop_none");
  return "{ " + Out + "}";
}

/// scope: every thread of the team runs its block with the construct's
/// private, firstprivate and reduction variables (the reduction combines
/// over all nodes, as a loop's does); a barrier ends it unless nowait.
std::string scopeConstruct(ConstructContext &C, const OMPExecutableDirective *D) {
  Translation &T = C.T;
  ConstructVars CV = analyzeConstruct(T, D);
  Privates P = privates(T, D, CV, nullptr, false);
  bool Nowait = clause<OMPNowaitClause>(D);
  T.remark(D->getBeginLoc(),
           "scope: every thread runs its block" + std::string(Nowait ? "" : ", then a barrier"));
  return "{ " + P.Before + "{ " + P.Decls + P.EntryBarrier + "\n" + C.bodyText(D) + "\n" +
         P.Finish + reductions(T, D, P, false) + "} " + (Nowait ? "" : "parade_barrier(); ") + "}";
}

/// dispatch: the host is the device; Sema resolved the call to the variant
/// the dispatch context selects (VariantCalls.h), so the call runs in place,
/// after the tasks its depend clauses name.
std::string dispatch(ConstructContext &C, const OMPExecutableDirective *D) {
  // Clang 19 leaves the call in a dispatch region as written (it does not
  // resolve construct={dispatch} variants): a function with variants would
  // silently run its base.
  std::function<void(const Stmt *)> Calls = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *Call = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *F = Call->getDirectCallee(); F && F->hasAttr<OMPDeclareVariantAttr>())
        C.T.error(Call->getBeginLoc(), "dispatch of '" + F->getName().str() +
                                           "', which has a declare variant, is not supported "
                                           "by parade (Clang 19 does not choose the variant)");
    for (const Stmt *Child : S->children())
      Calls(Child);
  };
  Calls(directiveBody(D));
  std::string Wait = dependWait(C, D);
  C.T.remark(D->getBeginLoc(), "dispatch runs its call in place: the host is the device");
  return "{ " + Wait + C.bodyText(D) + " }";
}

/// cancel and cancellation point: parade runs with cancel-var false (the
/// default; OMP_CANCELLATION=true gets a warning at run time), so, as
/// OpenMP says, they do nothing; cancel's if condition is still evaluated.
std::string cancel(ConstructContext &C, const OMPExecutableDirective *D) {
  C.T.remark(D->getBeginLoc(),
             "'" + directiveName(D) + "' does nothing: parade runs with cancellation disabled");
  if (const auto *I = clause<OMPIfClause>(D))
    return "(void)" + C.clauseText(D, I->getCondition()) + ";";
  return ";";
}

/// simd: its loop runs in place, in order, on the encountering thread,
/// and the C compiler's vectoriser may take it. Its data environment still
/// holds: private, firstprivate and lastprivate variables are copies (the
/// original keeps its value, or gets the last iteration's), a reduction
/// updates the original in order, and a linear variable starts each
/// iteration from its value before the loop plus the iteration's number
/// times its step, the last iteration's value going back.
std::string simd(ConstructContext &C, const OMPExecutableDirective *D) {
  Translation &T = C.T;
  std::vector<CanonicalLoop> Loops = collapsedLoops(T, D);
  if (Loops.empty())
    return "";
  ConstructVars CV = analyzeConstruct(T, D);
  for (auto &[V, Sh] : CV.Vars)
    if (Sh == Sharing::Reduction)
      Sh = Sharing::Shared;
  CV.Reductions.clear();
  Privates P = privates(T, D, CV, Loops.front().Var, false);
  LinearVars Linear = linearVars(C, D, Loops, /*InRegionTail=*/false);
  const std::string &LinearInits = Linear.Inits, &LinearSets = Linear.Sets;
  std::string Loop, OwnBefore, OwnDecls, OwnFinish;
  if (LinearSets.empty()) {
    Loop = C.bodyText(D);
    // A loop variable declared outside its loop is private (linear, or
    // lastprivate when collapsed): a copy that leaves its last value in
    // the original, as a thread's copy would.
    std::vector<const ForStmt *> Fors = nestedLoops(D, T.Ctx);
    for (size_t K = 0; K < Loops.size() && K < Fors.size(); K++) {
      const VarDecl *V = Loops[K].Var;
      bool Declared = false; // by a clause, and so by privates()
      for (auto &[Var, Sh] : CV.Vars)
        Declared |= Var == V && Sh != Sharing::Shared && V != Loops.front().Var;
      if (Declared || T.contains(Fors[K]->getSourceRange(), V->getLocation()))
        continue;
      std::string Ptr = "parade_lv" + std::to_string(T.fresh());
      QualType Ty = V->getType().getUnqualifiedType();
      OwnBefore += T.declare(T.Ctx.getPointerType(Ty), Ptr) + " = &" +
                   T.spell(V, D->getBeginLoc(), D) + "; ";
      OwnDecls += T.declare(Ty, V->getName()) + "; ";
      OwnFinish += "*" + Ptr + " = " + V->getName().str() + "; ";
    }
  } else {
    // Over the logical iterations, which number each one; a loop variable
    // declared outside its loop ends with the value the loop leaves.
    IterationSpace Space = iterationSpace(C, Loops);
    std::vector<const ForStmt *> Fors = nestedLoops(D, T.Ctx);
    std::string Finals;
    for (size_t K = 0; K < Loops.size() && K < Fors.size(); K++)
      if (!T.contains(Fors[K]->getSourceRange(), Loops[K].Var->getLocation()) &&
          !Space.Finals[K].empty())
        Finals += T.spell(Loops[K].Var, D->getBeginLoc(), D) + " = " + Space.Finals[K] + "; ";
    Loop = Space.Bounds + "long long parade_n = " + Space.Total + ";\n" +
           "  for (long long parade_k = 0; parade_k < parade_n; parade_k++) {\n" +
           "    long long parade_r = parade_k; " + Space.Indices + "(void)parade_r;\n    " +
           LinearSets + nestBody(C, Loops) + "\n  }\n  " + Finals;
  }
  T.remark(D->getBeginLoc(), "'" + directiveName(D) +
                                 "' runs its loop in place, in order; vectorising it is left to "
                                 "the C compiler");
  return "{ " + P.Before + OwnBefore + LinearInits +
         "int parade_last = 1; (void)parade_last;\n  { " + P.Decls + OwnDecls + "\n" + Loop +
         "\n  " + OwnFinish + P.Finish + "} }";
}

/// The directives parade translates. `section` is translated with its
/// sections (no entry of its own); any other directive is an error.
const std::pair<Directive, Translate> Table[] = {
    {Directive::OMPD_parallel, parallel},
    {Directive::OMPD_parallel_for, parallel},
    {Directive::OMPD_parallel_for_simd, parallel},
    {Directive::OMPD_parallel_sections, parallel},
    {Directive::OMPD_parallel_loop, parallel},
    {Directive::OMPD_parallel_master, parallel},
    {Directive::OMPD_parallel_masked, parallel},
    {Directive::OMPD_target_parallel, parallel},
    {Directive::OMPD_target_parallel_for, parallel},
    {Directive::OMPD_target_parallel_for_simd, parallel},
    {Directive::OMPD_target_parallel_loop, parallel},
    {Directive::OMPD_teams, parallel},
    {Directive::OMPD_teams_distribute, parallel},
    {Directive::OMPD_teams_distribute_simd, parallel},
    {Directive::OMPD_teams_distribute_parallel_for, parallel},
    {Directive::OMPD_teams_distribute_parallel_for_simd, parallel},
    {Directive::OMPD_teams_loop, parallel},
    {Directive::OMPD_target_teams, parallel},
    {Directive::OMPD_target_teams_distribute, parallel},
    {Directive::OMPD_target_teams_distribute_simd, parallel},
    {Directive::OMPD_target_teams_distribute_parallel_for, parallel},
    {Directive::OMPD_target_teams_distribute_parallel_for_simd, parallel},
    {Directive::OMPD_target_teams_loop, parallel},
    {Directive::OMPD_distribute, forLoop},
    {Directive::OMPD_distribute_simd, forLoop},
    {Directive::OMPD_distribute_parallel_for, forLoop},
    {Directive::OMPD_distribute_parallel_for_simd, forLoop},
    {Directive::OMPD_target, target},
    {Directive::OMPD_target_simd, target},
    {Directive::OMPD_target_data, targetData},
    {Directive::OMPD_target_enter_data, targetStandalone},
    {Directive::OMPD_target_exit_data, targetStandalone},
    {Directive::OMPD_target_update, targetStandalone},
    {Directive::OMPD_for, forLoop},
    {Directive::OMPD_for_simd, forLoop},
    {Directive::OMPD_sections, sectionsConstruct},
    {Directive::OMPD_section, nullptr},
    // Clang chose the variant, whose own entry translates it.
    {Directive::OMPD_metadirective, nullptr},
    {Directive::OMPD_single, single},
    {Directive::OMPD_master, master},
    {Directive::OMPD_masked, masked},
    {Directive::OMPD_critical, critical},
    {Directive::OMPD_atomic, atomic},
    {Directive::OMPD_barrier, barrier},
    {Directive::OMPD_flush, flush},
    {Directive::OMPD_taskwait, taskwait},
    {Directive::OMPD_error, errorDirective},
    {Directive::OMPD_taskyield, taskyield},
    {Directive::OMPD_taskgroup, taskgroup},
    {Directive::OMPD_depobj, depobj},
    {Directive::OMPD_interop, interop},
    {Directive::OMPD_dispatch, dispatch},
    {Directive::OMPD_scope, scopeConstruct},
    {Directive::OMPD_task, task},
    {Directive::OMPD_taskloop, taskloopConstruct},
    {Directive::OMPD_taskloop_simd, taskloopConstruct},
    {Directive::OMPD_master_taskloop, maskedTaskloop},
    {Directive::OMPD_master_taskloop_simd, maskedTaskloop},
    {Directive::OMPD_masked_taskloop, maskedTaskloop},
    {Directive::OMPD_masked_taskloop_simd, maskedTaskloop},
    {Directive::OMPD_parallel_master_taskloop, parallel},
    {Directive::OMPD_parallel_master_taskloop_simd, parallel},
    {Directive::OMPD_parallel_masked_taskloop, parallel},
    {Directive::OMPD_parallel_masked_taskloop_simd, parallel},
    {Directive::OMPD_simd, simd},
    {Directive::OMPD_loop, genericLoop},
    {Directive::OMPD_ordered, ordered},
    {Directive::OMPD_scan, scan},
    {Directive::OMPD_cancel, cancel},
    {Directive::OMPD_cancellation_point, cancel},
};

/// The statement whose text the translation of @p D copies: its body, or,
/// for a loop, the body of its innermost associated loop.
const Stmt *copiedStatement(Translation &T, const OMPExecutableDirective *D) {
  const Stmt *S = directiveBody(D);
  if (S && (isLoop(D) || isTaskLoop(D))) {
    std::vector<const ForStmt *> Fors = nestedLoops(D, T.Ctx);
    S = Fors.size() == collapseDepth(D, T.Ctx).value_or(1) ? Fors.back()->getBody() : nullptr;
  }
  return S;
}

/// Conditional groups that a directive's copied statement cuts: PARSEC
/// blackscholes writes `#ifdef ENABLE_OPENMP / #pragma omp parallel for /
/// for (...) { / #else / for (...) { / #endif / body }`, whose #else and
/// #endif lie inside the loop's body and its #ifdef outside. The copy
/// would take some of the group's lines into outlined code and leave the
/// others (the translation did not compile: "#else without #if"). The
/// preprocessor has chosen the group's branch for this compile, so such a
/// group is resolved in the text: its lines and the branches it skipped
/// become blank lines, and the branch it took stays. A group wholly inside
/// or wholly outside every copy stays as written (conditionalsToKeep).
class SplitConditionals : public RecursiveASTVisitor<SplitConditionals> {
public:
  explicit SplitConditionals(Translation &T) : T(T) {}

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || !T.inMainFile(F->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseFunctionDecl(F);
  }
  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    const Stmt *S = copiedStatement(T, D);
    if (!S || !T.inMainFile(D->getBeginLoc()) || S->getBeginLoc().isMacroID() ||
        S->getEndLoc().isMacroID())
      return true;
    unsigned Begin = T.SM.getFileOffset(S->getBeginLoc());
    unsigned End = T.SM.getFileOffset(T.endOf(S));
    llvm::DenseMap<unsigned, std::pair<unsigned, unsigned>> Count; // group: inside, all
    for (const ConditionalLine &C : T.Conditionals) {
      unsigned At = T.SM.getFileOffset(T.SM.getExpansionLoc(C.Loc));
      auto &N = Count[C.Group];
      N.first += At >= Begin && At < End;
      N.second++;
    }
    for (const auto &[Group, N] : Count)
      if (N.first > 0 && N.first < N.second)
        Split.insert(Group);
    return true;
  }

  /// Blank the split groups' lines and skipped branches; drop their lines
  /// from T.Conditionals.
  void resolve() {
    if (Split.empty())
      return;
    FileID Main = T.SM.getMainFileID();
    StringRef Buf = T.SM.getBufferData(Main);
    llvm::DenseSet<unsigned> Lines;                   // the split groups' lines
    std::vector<std::pair<unsigned, unsigned>> Blank; // [from, to) offsets
    auto LineStart = [&](unsigned Line) {
      return T.SM.getFileOffset(T.SM.translateLineCol(Main, Line, 1));
    };
    auto LineEnd = [&](unsigned Off) {
      size_t Eol = Buf.find('\n', Off);
      return Eol == StringRef::npos ? (unsigned)Buf.size() : (unsigned)Eol;
    };
    for (const ConditionalLine &C : T.Conditionals)
      if (Split.count(C.Group)) {
        unsigned Line = T.SM.getExpansionLineNumber(C.Loc);
        Lines.insert(Line);
        unsigned From = LineStart(Line);
        Blank.push_back({From, LineEnd(From)});
      }
    // A skipped branch begins at its group's line (#if, #elif, #else) and
    // ends with the line that ends it.
    for (SourceRange R : T.Skipped) {
      if (!R.getBegin().isFileID() || T.SM.getFileID(R.getBegin()) != Main ||
          !Lines.count(T.SM.getExpansionLineNumber(R.getBegin())))
        continue;
      unsigned From = LineStart(T.SM.getExpansionLineNumber(R.getBegin()));
      Blank.push_back({From, LineEnd(T.SM.getFileOffset(T.SM.getExpansionLoc(R.getEnd())))});
    }
    std::sort(Blank.begin(), Blank.end());
    std::vector<std::pair<unsigned, unsigned>> Merged;
    for (auto [From, To] : Blank) {
      if (!Merged.empty() && From <= Merged.back().second)
        Merged.back().second = std::max(Merged.back().second, To);
      else
        Merged.push_back({From, To});
    }
    SourceLocation Start = T.SM.getLocForStartOfFile(Main);
    for (auto [From, To] : Merged) {
      std::string Newlines(Buf.slice(From, To).count('\n'), '\n');
      T.replace(
          CharSourceRange::getCharRange(Start.getLocWithOffset(From), Start.getLocWithOffset(To)),
          Newlines);
    }
    llvm::erase_if(T.Conditionals,
                   [&](const ConditionalLine &C) { return Split.count(C.Group) != 0; });
  }

private:
  Translation &T;
  llvm::DenseSet<unsigned> Split;
};

/// Rewrites the directives of each function of the main file, innermost
/// first.
class Translator : public RecursiveASTVisitor<Translator> {
public:
  explicit Translator(Translation &T) : T(T), C(T) {}
  bool shouldTraversePostOrder() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody())
      return true;
    if (!T.inMainFile(F->getLocation())) {
      refuseInHeader(F);
      return true;
    }
    C.enterFunction(F);
    return RecursiveASTVisitor::TraverseFunctionDecl(F);
  }

  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (!T.inMainFile(D->getBeginLoc())) {
      // A fragment of this function's body in a file it #includes: the
      // file is written in (HeaderInlining.h) and translated again; its
      // directives would otherwise be dropped, the code run serially.
      if (!isa<OMPSimdDirective, OMPUnrollDirective, OMPTileDirective>(D) &&
          !T.SM.isInSystemHeader(T.SM.getExpansionLoc(D->getBeginLoc()))) {
        T.inlineHeader(D->getBeginLoc());
        T.error(D->getBeginLoc(), "OpenMP directive '" + directiveName(D) +
                                      "' in a file that a function of this file includes is "
                                      "not supported by parade");
      }
      return true;
    }
    if (D->getBeginLoc().isMacroID()) {
      // Invocations that spell directives are written out before the
      // translation (MacroExpansion.h); this one could not be.
      T.expandInvocation(D->getBeginLoc());
      T.error(D->getBeginLoc(), "an OpenMP directive inside a macro that parade could not "
                                "write out is not supported");
      return true;
    }
    if (const auto *U = dyn_cast<OMPUnrollDirective>(D)) {
      unroll(U);
      return true;
    }
    for (const auto &[Kind, Fn] : Table)
      if (Kind == D->getDirectiveKind()) {
        if (Fn)
          replace(D, Fn(C, D));
        return true;
      }
    T.error(D->getBeginLoc(),
            "OpenMP construct '" + directiveName(D) + "' is not supported by parade");
    return true;
  }

private:
  Translation &T;
  ConstructContext C;

  /// A function a header defines is compiled as the header has it: its
  /// directives would be dropped with nothing said, and its code run
  /// without OpenMP (each thread running a whole `for`, a `parallel`
  /// running serially).
  void refuseInHeader(const FunctionDecl *F) {
    // A header of the system's directories; not one of the program's that
    // calls itself one (#pragma GCC system_header), whose directives would
    // be ignored with nothing said.
    FileID File = T.SM.getFileID(T.SM.getExpansionLoc(F->getLocation()));
    bool Invalid = false;
    const SrcMgr::SLocEntry &Entry = T.SM.getSLocEntry(File, &Invalid);
    if (Invalid || !Entry.isFile() || Entry.getFile().getFileCharacteristic() != SrcMgr::C_User)
      return;
    struct Finder : RecursiveASTVisitor<Finder> {
      const OMPExecutableDirective *Found = nullptr;
      bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
        // simd, unroll and tile leave the thread running the loop it
        // would run anyway: ignored, they change nothing.
        if (isa<OMPSimdDirective, OMPUnrollDirective, OMPTileDirective>(D))
          return true;
        return !(Found = D);
      }
    } Find;
    Find.TraverseStmt(F->getBody());
    if (Find.Found)
      T.inlineHeader(Find.Found->getBeginLoc());
    if (Find.Found)
      T.error(Find.Found->getBeginLoc(),
              "OpenMP directive '" + directiveName(Find.Found) +
                  "' in a function that a header "
                  "defines ('" +
                  F->getNameAsString() +
                  "') is not supported by parade: define the "
                  "function in the .c file (its directives would be ignored)");
  }

  /// unroll leaves its loop as it is, which OpenMP allows (full, partial
  /// or heuristic): only the directive goes, so that an enclosing loop
  /// directive, which then applies to this loop, copies its text.
  void unroll(const OMPUnrollDirective *U) {
    for (const OMPClause *Cl : U->clauses())
      if (!isa<OMPFullClause, OMPPartialClause>(Cl)) {
        T.error(Cl->getBeginLoc(), "clause '" +
                                       llvm::omp::getOpenMPClauseName(Cl->getClauseKind()).str() +
                                       "' on 'unroll' is not supported by parade");
        return;
      }
    T.remark(U->getBeginLoc(), "unroll leaves the loop to the C compiler, as it is");
    if (!T.failed())
      T.replace(CharSourceRange::getCharRange(U->getBeginLoc(), U->getEndLoc()), "");
  }

  SourceLocation end(const OMPExecutableDirective *D) {
    if (const Stmt *Body = directiveBody(D))
      return T.endOf(Body);
    return D->getEndLoc();
  }

  void replace(const OMPExecutableDirective *D, const std::string &Text) {
    if (T.failed())
      return; // nothing is written after an error; keep the rewriter sane
    // Conditional lines between the directive and the text its translation
    // copies (`#ifdef _OPENMP / #pragma omp ... / #endif / for ...`) stay,
    // unless their whole #if group is there: the AST chose its branch.
    SourceLocation Begin = D->getBeginLoc(), End = end(D);
    // Clang replaces a metadirective by the variant it chose, which starts
    // inside the metadirective's pragma line: replace from the pragma's #.
    Begin = T.pragmaStart(Begin);
    // What the translation copies: a loop's, the body of its innermost loop.
    auto CopiedOf = [&](const OMPExecutableDirective *X) { return copiedStatement(T, X); };
    const Stmt *Copied = CopiedOf(D);
    // Directives that are each what the one before copies (its body, or
    // its innermost loop's: `#ifdef _OPENMP / parallel / single / #endif /
    // stmt`) copy one another's text, and the innermost's copy goes into outlined code. A
    // conditional group with a line inside that copy belongs to the
    // innermost directive, as for a directive alone; any other group
    // around the chain's pragmas belongs to the first, which writes its
    // lines before its own text (an inner one's would land in the outlined
    // code, apart from the rest of the group). An `unroll` stays in the
    // text it is in, so it ends a chain.
    auto ChainBody = [&](const OMPExecutableDirective *X) -> const OMPExecutableDirective * {
      const auto *B = dyn_cast_or_null<OMPExecutableDirective>(CopiedOf(X));
      return B && !isa<OMPUnrollDirective>(B) ? B : nullptr;
    };
    const OMPExecutableDirective *P =
        enclosingDirective(T.Ctx, D, [](const OMPExecutableDirective *) { return true; });
    bool Link = P && !isa<OMPUnrollDirective>(D) && ChainBody(P) == D;
    using ChainPart = Translation::ChainPart;
    ChainPart Part = ChainPart::None;
    const OMPExecutableDirective *Innermost = D;
    while (const OMPExecutableDirective *B = ChainBody(Innermost))
      Innermost = B;
    if (Innermost != D)
      Part = Link ? ChainPart::Middle : ChainPart::First;
    else if (Link)
      Part = ChainPart::Innermost;
    if (Part == ChainPart::First)
      Copied = CopiedOf(Innermost);
    std::string Kept =
        Copied ? T.conditionalsToKeep(Begin, End, Copied->getBeginLoc(), T.endOf(Copied), Part)
               : T.conditionalsToKeep(Begin, End, SourceLocation(), SourceLocation(), Part);
    // So do #define and #undef lines there: hypre's fragment header holds
    // a loop directive and the #undef of the macro its clause names.
    auto Before = [&](SourceLocation A, SourceLocation B) {
      return T.SM.isBeforeInTranslationUnit(A, B);
    };
    if (Part != ChainPart::Middle)
      for (const MacroEvent &E : T.Macros) {
        if (Before(E.Loc, Begin) || !Before(E.Loc, End) ||
            (Copied && !Before(E.Loc, Copied->getBeginLoc()) && Before(E.Loc, T.endOf(Copied))))
          continue;
        Kept += E.Define.empty() ? "#undef " + E.Name + "\n" : E.Define + "\n";
      }
    // A pooled local whose name stands for its storage (a macro names it)
    // is its private copy's name inside a construct that makes it private.
    std::string Push, Pop;
    for (const VarDecl *V : T.MacroAliased)
      if (T.privatizes(D, V)) {
        Push += "\n" + Translation::macroOverride(V->getName().str(), "");
        Pop += "\n" + Translation::macroRestore(V->getName().str());
      }
    T.replace(CharSourceRange::getCharRange(Begin, End),
              Push + (Kept.empty() ? Text : "\n" + Kept + Text) + Pop);
  }
};

} // namespace

void resolveSplitConditionals(Translation &T, TranslationUnitDecl *TU) {
  SplitConditionals Finder(T);
  Finder.TraverseDecl(TU);
  Finder.resolve();
}

void translateDirectives(Translation &T, TranslationUnitDecl *TU) {
  Translator(T).TraverseDecl(TU);
}

} // namespace parade
