//===- WorkSharing.cpp - Loops, sections, single and ordered --------------===//
#include "WorkSharing.h"

#include "AstUtil.h"
#include "Collectives.h"
#include "DataEnvironment.h"
#include "IterationSpace.h"
#include "Scan.h"

#include "clang/AST/OpenMPClause.h"

using namespace clang;

namespace parade {

namespace {

/// schedule(monotonic: ...): each thread's chunks in increasing order.
static bool monotonic(const OMPExecutableDirective *D) {
  const auto *S = clause<OMPScheduleClause>(D);
  return S && (S->getFirstScheduleModifier() == OMPC_SCHEDULE_MODIFIER_monotonic ||
               S->getSecondScheduleModifier() == OMPC_SCHEDULE_MODIFIER_monotonic);
}

std::string scheduleOf(ConstructContext &C, const OMPExecutableDirective *D, std::string &Chunk) {
  Chunk = "0";
  if (isDistribute(D)) {
    // Teams of one thread: the distribution among teams is the whole
    // schedule (a parallel for part's schedule has one thread to serve).
    if (const auto *DS = clause<OMPDistScheduleClause>(D))
      if (const Expr *E = DS->getChunkSize())
        Chunk = C.clauseText(D, E);
    return "PARADE_SCHED_STATIC";
  }
  const auto *S = clause<OMPScheduleClause>(D);
  if (!S)
    return "PARADE_SCHED_STATIC";
  if (const Expr *E = S->getChunkSize())
    Chunk = C.clauseText(D, E);
  switch (S->getScheduleKind()) {
  case OMPC_SCHEDULE_dynamic: return "PARADE_SCHED_DYNAMIC";
  case OMPC_SCHEDULE_guided: return "PARADE_SCHED_GUIDED";
  case OMPC_SCHEDULE_runtime: return "PARADE_SCHED_RUNTIME";
  default: return "PARADE_SCHED_STATIC";
  }
}

} // namespace

LinearVars linearVars(ConstructContext &C, const OMPExecutableDirective *D,
                      const std::vector<CanonicalLoop> &Loops, bool InRegionTail) {
  Translation &T = C.T;
  LinearVars Out;
  for (const auto *Lin : D->getClausesOfKind<OMPLinearClause>()) {
    std::string Step = Lin->getStep() ? C.clauseText(D, Lin->getStep()) : "1";
    for (const Expr *E : Lin->varlists()) {
      const VarDecl *V = varOf(E);
      if (!V)
        continue;
      bool IsLoopVar = false;
      for (const CanonicalLoop &L : Loops)
        IsLoopVar |= L.Var == V;
      if (IsLoopVar)
        continue; // the loop sets it; its final value is the loop's
      if (InRegionTail && V->hasGlobalStorage()) {
        T.error(E->getExprLoc(), "linear of a global variable on a combined parallel loop is "
                                 "not supported by parade");
        continue;
      }
      std::string Init = "parade_li_" + std::to_string(T.fresh());
      Out.Inits += T.declare(V->getType().getUnqualifiedType(), Init) + " = " +
                   T.spell(V, D->getBeginLoc(), D) + "; ";
      Out.Sets += V->getName().str() + " = " + Init + " + parade_k * " + Step + "; ";
    }
  }
  return Out;
}

std::string loop(ConstructContext &C, const OMPExecutableDirective *D, bool InRegionTail) {
  Translation &T = C.T;
  const auto *Ordered = clause<OMPOrderedClause>(D);
  // A doacross loop (ordered(n)): its sink and source points use the
  // ordered turn of the loop (WorkSharing.cpp's ordered()).
  bool Doacross = Ordered && Ordered->getNumForLoops();
  if (Doacross)
    T.remark(Ordered->getBeginLoc(),
             "doacross loop: each iteration waits at its first sink for every earlier "
             "iteration to pass its source, in the loop's order (more waiting than the sink "
             "vectors ask, never less)");
  std::vector<CanonicalLoop> Loops = collapsedLoops(T, D, /*NonRectangular=*/true);
  if (Loops.empty())
    return "";
  const CanonicalLoop &Outer = Loops.front();
  // A combined construct's clauses were handled by its region.
  ConstructVars CV = InRegionTail ? ConstructVars() : analyzeConstruct(T, D);
  Privates P = InRegionTail ? Privates() : privates(T, D, CV, Outer.Var, false);
  std::string Chunk, Kind = scheduleOf(C, D, Chunk);
  IterationSpace Space = iterationSpace(C, Loops);
  std::string LastVars, LastVarPtrs;
  const auto *LP = clause<OMPLastprivateClause>(D);
  bool HasLinear = !D->getClausesOfKind<OMPLinearClause>().empty();
  for (size_t K = 0; (LP || HasLinear) && K < Loops.size(); K++) {
    // A lastprivate loop variable ends one step past its last value; in a
    // combined construct the region declared the private copy.
    const CanonicalLoop &L = Loops[K];
    bool IsLast = false;
    if (LP)
      for (const Expr *E : LP->varlists())
        IsLast |= varOf(E) == L.Var;
    for (const auto *Lin : D->getClausesOfKind<OMPLinearClause>())
      for (const Expr *E : Lin->varlists())
        IsLast |= varOf(E) == L.Var;
    if (!IsLast)
      continue;
    if (Space.Finals[K].empty()) {
      T.error(L.Var->getLocation(), "the inner loop variable of a non-rectangular nest cannot be "
                                    "lastprivate or linear in parade");
      continue;
    }
    if (InRegionTail) {
      LastVars += L.Var->getName().str() + " = " + Space.Finals[K] + "; ";
    } else {
      std::string Ptr = "parade_lv" + std::to_string(K);
      LastVarPtrs += T.declare(T.Ctx.getPointerType(L.Var->getType().getUnqualifiedType()), Ptr) +
                     " = &" + T.spell(L.Var, D->getBeginLoc(), D) + "; ";
      LastVars += "*" + Ptr + " = " + Space.Finals[K] + "; ";
    }
  }
  // The inner loops of a doacross nest deeper than the collapse run
  // inside each shared iteration; their variables are private.
  std::vector<const ForStmt *> Associated = associatedLoops(D, T.Ctx);
  for (size_t K = Loops.size(); K < Associated.size(); K++) {
    const VarDecl *V = initVar(Associated[K]);
    bool Classified = false;
    for (auto &[Var, Sh] : CV.Vars)
      Classified |= Var == V && Sh != Sharing::Shared;
    if (V && !Classified && !T.contains(Associated[K]->getSourceRange(), V->getLocation()))
      P.Decls += T.declare(V->getType().getUnqualifiedType(), V->getName()) + "; ";
  }
  LinearVars Linear = linearVars(C, D, Loops, InRegionTail);
  std::string LinearInits = Linear.Inits, LinearSets = Linear.Sets;
  // The thread with the last iteration writes the original back: every
  // thread reads it first (on another node that read could otherwise meet
  // the home's copy already written).
  if (!LinearInits.empty())
    LinearInits += "parade_barrier(); ";
  // distribute has no barrier at its end (teams do not synchronise). A
  // loop that ends its region needs none either: the join follows, and it
  // combines the loop's reduction; the node's tasks complete before the
  // thread leaves the loop (parade_region_tail), as at the barrier. The
  // lock baseline keeps the barrier.
  bool EndsRegion = !InRegionTail && !isDistribute(D) && !T.Opts.ForceLockPath && C.endsRegion(D);
  bool Nowait = InRegionTail || EndsRegion || clause<OMPNowaitClause>(D) || isDistribute(D);
  std::string BodyText = nestBody(C, Loops);
  T.remark(D->getBeginLoc(),
           "'" + directiveName(D) + "' loop: schedule " + Kind.substr(13) +
               (Loops.size() > 1 ? ", " + std::to_string(Loops.size()) + " loops collapsed"
                                 : std::string()));
  // The iterations this thread runs, handed out by the schedule (a loop
  // with inscan reductions runs its block in two passes).
  std::string Iterations =
      hasInscanReduction(D)
          ? scanIterations(C, D, Loops, Space)
          : "parade_loop_begin(&parade_l, parade_n, " + Kind +
                (LP || HasLinear ? " | PARADE_LOOP_LASTPRIVATE" : "") +
                (monotonic(D) ? " | PARADE_LOOP_MONOTONIC" : "") + ", " + Chunk + ");\n" +
                "  while (parade_loop_next(&parade_l, &parade_lo, &parade_hi)) {\n" +
                "    if (parade_hi == parade_n) parade_last = 1;\n" +
                "    for (long long parade_k = parade_lo; parade_k < parade_hi; parade_k++) {\n" +
                "      long long parade_r = parade_k; " + Space.Indices +
                "(void)parade_r;\n      " + LinearSets +
                // An ordered loop's iterations pass the ordered region in
                // turn, also those that do not execute it.
                (Ordered ? "int parade_ord = 0; parade_ordered_enter(&parade_l, parade_k, "
                           "&parade_ord);\n      "
                         : "") +
                (Doacross ? "int parade_dx = 0; (void)parade_dx;\n      " : "") + BodyText +
                (Doacross  ? "\n      if (parade_dx == 0) parade_ordered_begin(&parade_l, "
                             "parade_k); if (parade_dx < 2) parade_ordered_end(&parade_l, parade_k);"
                 : Ordered ? "\n      if (!parade_ord) { parade_ordered_begin(&parade_l, "
                             "parade_k); parade_ordered_end(&parade_l, parade_k); }"
                           : "") +
                "\n    }\n  }\n  ";
  return "{ " + P.Before + LastVarPtrs + LinearInits + Space.Bounds +
         "long long parade_n = " + Space.Total + ";\n" +
         "  parade_loop parade_l; long long parade_lo, parade_hi;" +
         // A function the body calls may hold an orphaned ordered region.
         (Ordered ? " parade_ordered_iteration parade_oi = parade_ordered_current();" : "") +
         (InRegionTail ? "" : " int parade_last = 0;") + "\n" + "  { " + P.Decls + P.EntryBarrier +
         "\n  " + Iterations + (Ordered ? "parade_ordered_restore(parade_oi); " : "") + P.Finish +
         (LastVars.empty() ? "" : "if (parade_last) { " + LastVars + "} ") +
         (EndsRegion ? "parade_region_tail(); " : "") + reductions(T, D, P, false, EndsRegion) +
         "}\n  (void)parade_last; " + (Nowait ? "" : "parade_barrier(); ") + "}";
}

/// A doacross point: ordered depend(sink: ...)/depend(source), or
/// doacross(sink: ...)/doacross(source:). A sink waits for the turn of its
/// iteration (every earlier iteration passed its source); a source passes
/// the turn, at once when the loop shares out every loop of the doacross
/// nest, else (the inner loops run inside one shared iteration) at the end
/// of the shared iteration.
std::string doacrossPoint(ConstructContext &C, const OMPExecutableDirective *D) {
  Translation &T = C.T;
  bool Source = false;
  for (const OMPClause *Cl : D->clauses()) {
    if (const auto *Dep = dyn_cast<OMPDependClause>(Cl))
      Source |= Dep->getDependencyKind() == OMPC_DEPEND_source;
    if (const auto *Dx = dyn_cast<OMPDoacrossClause>(Cl))
      Source |= Dx->getDependenceType() == OMPC_DOACROSS_source ||
                Dx->getDependenceType() == OMPC_DOACROSS_source_omp_cur_iteration;
  }
  const OMPExecutableDirective *Loop = enclosingDirective(T.Ctx, D, isLoop);
  const auto *OrderedClause = Loop ? clause<OMPOrderedClause>(Loop) : nullptr;
  if (!OrderedClause || !OrderedClause->getNumForLoops()) {
    T.error(D->getBeginLoc(), "a doacross point must be inside a loop with ordered(n) for parade");
    return "";
  }
  Expr::EvalResult N;
  unsigned Depth = 1;
  if (OrderedClause->getNumForLoops()->EvaluateAsInt(N, T.Ctx))
    Depth = (unsigned)N.Val.getInt().getZExtValue();
  std::string Wait = "if (parade_dx == 0) { parade_ordered_begin(&parade_l, parade_k); "
                     "parade_dx = 1; }";
  // A sink waits; so does a source inside a shared iteration that runs a
  // deeper doacross nest (the turn passes when the iteration ends).
  if (!Source || Depth > collapseDepth(Loop, T.Ctx).value_or(1))
    return "{ " + Wait + " }";
  return "{ " + Wait + " if (parade_dx < 2) { parade_ordered_end(&parade_l, parade_k); " +
         "parade_dx = 2; } }";
}

std::string ordered(ConstructContext &C, const OMPExecutableDirective *D) {
  Translation &T = C.T;
  for (const OMPClause *Cl : D->clauses())
    if (isa<OMPDependClause, OMPDoacrossClause>(Cl))
      return doacrossPoint(C, D);
  if (!directiveBody(D)) {
    T.error(D->getBeginLoc(), "a stand-alone ordered directive is not supported by parade");
    return "";
  }
  // ordered simd alone orders the lanes of a simd loop, whose iterations
  // a thread runs one after the other here: the block runs as it is.
  // ordered threads (or both) is the ordered region of a loop.
  if (clause<OMPSIMDClause>(D) && !clause<OMPThreadsClause>(D)) {
    T.remark(D->getBeginLoc(), "ordered simd runs in place: a simd loop's iterations run in "
                               "order on their thread");
    return "{ " + C.bodyText(D) + " }";
  }
  // The innermost enclosing loop directive must have the ordered clause.
  const OMPExecutableDirective *Loop = enclosingDirective(
      T.Ctx, D, [](const OMPExecutableDirective *P) { return isLoop(P) || isParallel(P); });
  if (!Loop) {
    // Orphaned: it binds to the ordered loop whose body called this
    // function, which only the running thread knows.
    T.remark(D->getBeginLoc(), "orphaned ordered uses the ordered lock of the loop the thread "
                               "is running");
    return "{ parade_ordered_orphan_begin(); " + C.bodyText(D) + " parade_ordered_orphan_end(); }";
  }
  if (!isLoop(Loop) || !clause<OMPOrderedClause>(Loop)) {
    T.error(D->getBeginLoc(), "an ordered region must be lexically inside a loop with the "
                              "ordered clause for parade");
    return "";
  }
  T.remark(D->getBeginLoc(), "ordered uses the ordered lock of its loop");
  return "{ parade_ordered_begin(&parade_l, parade_k); parade_ord = 1; " + C.bodyText(D) +
         " parade_ordered_end(&parade_l, parade_k); }";
}

std::string sections(ConstructContext &C, const OMPExecutableDirective *D, bool InRegionTail) {
  Translation &T = C.T;
  const auto *Body = dyn_cast<CompoundStmt>(directiveBody(D));
  if (!Body) {
    T.error(D->getBeginLoc(), "expected a compound statement of sections");
    return "";
  }
  ConstructVars CV = InRegionTail ? ConstructVars() : analyzeConstruct(T, D);
  Privates P = InRegionTail ? Privates() : privates(T, D, CV, nullptr, false);
  std::string Cases;
  unsigned N = 0;
  for (const Stmt *S : Body->body()) {
    const Stmt *Work = S;
    if (const auto *Sec = dyn_cast<OMPSectionDirective>(S))
      Work = directiveBody(Sec);
    Cases += "case " + std::to_string(N++) + ": " + C.stmtText(Work) + " break;\n";
  }
  bool Nowait = InRegionTail || clause<OMPNowaitClause>(D);
  return "{ " + P.Before + "parade_loop parade_l; long long parade_lo, parade_hi; " +
         (InRegionTail ? "" : "int parade_last = 0;") + "\n  { " + P.Decls + P.EntryBarrier +
         "\n  parade_loop_begin(&parade_l, " + std::to_string(N) + ", PARADE_SCHED_DYNAMIC" +
         (clause<OMPLastprivateClause>(D) ? " | PARADE_LOOP_LASTPRIVATE" : "") + ", 1);\n" +
         "  while (parade_loop_next(&parade_l, &parade_lo, &parade_hi))\n" +
         "    for (long long parade_k = parade_lo; parade_k < parade_hi; parade_k++) {\n" +
         "      if (parade_k == " + std::to_string(N) + " - 1) parade_last = 1;\n" +
         "      switch (parade_k) {\n" + Cases + "      }\n    }\n  " + P.Finish +
         reductions(T, D, P, false) + "}\n  (void)parade_last; " +
         (Nowait ? "" : "parade_barrier(); ") + "}";
}

std::string single(ConstructContext &C, const OMPExecutableDirective *D) {
  Translation &T = C.T;
  std::string Why;
  unsigned Bytes = 0;
  if (auto Collective = singleAsCollective(T, D, C.enclosingRegion(D), Why, Bytes)) {
    T.remark(D->getBeginLoc(),
             "single mapped to a broadcast: " + std::to_string(Bytes) + " bytes of shared data");
    return *Collective;
  }
  ConstructVars CV = analyzeConstruct(T, D);
  Privates P = privates(T, D, CV, nullptr, false);
  // copyprivate: one call copies thread 0's variables into every other
  // thread's and stands for the barrier (its exchange of write notices
  // carries small data). The lock baseline keeps a broadcast per variable
  // and the barrier.
  std::string Copy, Addresses, Sizes;
  for (const VarDecl *V : CV.CopyPrivate) {
    std::string Address = "(void *)&" + T.spell(V, D->getBeginLoc(), D);
    std::string Size = "sizeof(" + T.declare(V->getType(), "") + ")";
    if (T.Opts.ForceLockPath)
      Copy += "parade_bcast(" + Address + ", " + Size + ", 0); ";
    Addresses += Address + ", ";
    Sizes += Size + ", ";
  }
  bool Merged = !CV.CopyPrivate.empty() && !T.Opts.ForceLockPath;
  if (Merged)
    Copy = "{ void *const parade_cpv[] = {" + Addresses +
           "}; const __SIZE_TYPE__ parade_cps[] = {" + Sizes +
           "}; parade_copyprivate(parade_cpv, parade_cps, " +
           std::to_string(CV.CopyPrivate.size()) + ", 0); } ";
  bool Nowait = clause<OMPNowaitClause>(D) != nullptr;
  std::string End = Copy + (Merged || (Nowait && Copy.empty()) ? "" : "parade_barrier(); ") + "}";
  // Where threads may wait for each other, the block goes to the first
  // thread to reach it, as a loop of one iteration: thread 0 may be held in
  // an earlier single nowait, waiting for what this one does (a hand-off
  // from one single to the next). copyprivate broadcasts from thread 0.
  const OMPExecutableDirective *Region = C.enclosingRegion(D);
  std::string Where;
  if (Copy.empty() && Region && threadsMayWait(T, Region, false, Where)) {
    T.remark(D->getBeginLoc(), "single goes to the first thread to reach it (threads of its "
                               "region may wait for each other: " +
                                   Where + ")" + (Nowait ? "" : ", then a barrier"));
    return "{ " + P.Before +
           "parade_loop parade_sl; long long parade_slo, parade_shi; "
           "parade_loop_begin(&parade_sl, 1, PARADE_SCHED_DYNAMIC, 1); "
           "if (parade_loop_next(&parade_sl, &parade_slo, &parade_shi)) { " +
           P.Decls + C.bodyText(D) +
           " } while (parade_loop_next(&parade_sl, &parade_slo, &parade_shi)) {} " + End;
  }
  if (Merged)
    T.remark(D->getBeginLoc(), "single with copyprivate ends in one exchange that carries the "
                               "copies and stands for its barrier");
  else
    T.remark(D->getBeginLoc(), "single uses a barrier: " + Why);
  return "{ " + P.Before + "if (parade_thread_num() == 0) { " + P.Decls + C.bodyText(D) + " } " +
         End;
}

} // namespace parade
