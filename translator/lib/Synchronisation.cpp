//===- Synchronisation.cpp - critical, atomic and flush -------------------===//
#include "Synchronisation.h"

#include "AstUtil.h"
#include "Collectives.h"
#include "DeferredUpdates.h"
#include "Replay.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace parade {

namespace {

/// The lock path of @p D: its block under the lock. An atomic's
/// expression (the expr of `x op= expr`, `x = x op expr`, `x = expr`) is
/// evaluated before the lock is taken, as OpenMP evaluates it outside the
/// atomic access: a call there may itself meet an atomic (recursion) or
/// wait for tasks that do, which under the lock would never end.
std::string lockedBlock(ConstructContext &C, const OMPExecutableDirective *D,
                        const std::string &LockName) {
  Translation &T = C.T;
  std::string Enter = "parade_critical_enter(" + LockName + "); ",
              Exit = " parade_critical_exit(" + LockName + "); }";
  const auto *A = dyn_cast<OMPAtomicDirective>(D);
  const Expr *E = A ? A->getExpr() : nullptr;
  const Stmt *Body = directiveBody(D);
  if (E && Body && !E->isEvaluatable(T.Ctx)) {
    CharSourceRange Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(E->getSourceRange()), T.SM, T.Ctx.getLangOpts());
    SourceLocation BodyEnd = T.endOf(Body);
    if (Range.isValid() && T.SM.isBeforeInTranslationUnit(Body->getBeginLoc(), Range.getBegin()) &&
        !T.SM.isBeforeInTranslationUnit(BodyEnd, Range.getEnd())) {
      std::string Value = T.textBetween(Range.getBegin(), Range.getEnd());
      // Its type as Sema has it (__typeof__ refuses a bit-field).
      return "{ " + T.declare(E->getType().getUnqualifiedType(), "parade_ae") + " = (" + Value +
             "); " + Enter + T.textWithLines(Body->getBeginLoc(), Range.getBegin()) + "parade_ae" +
             T.textBetween(Range.getEnd(), BodyEnd) + Exit;
    }
  }
  return "{ " + Enter + C.bodyText(D) + Exit;
}

} // namespace

std::string synchronisedUpdate(ConstructContext &C, const OMPExecutableDirective *D,
                               const std::string &Kind, const std::string &LockName) {
  Translation &T = C.T;
  std::string Why;
  unsigned Bytes = 0;
  const OMPExecutableDirective *Region = C.enclosingRegion(D);
  std::string Locked = lockedBlock(C, D, LockName);
  if (auto Collective = updateAsCollective(T, D, Region, Why, Bytes)) {
    T.remark(D->getBeginLoc(),
             Kind + " mapped to a collective: " + std::to_string(Bytes) + " bytes of shared data");
    // A team serialized inside an active region (its region nested in
    // another, or in a function called from one) is a team of one beside
    // the enclosing team's other threads: it takes the lock.
    return "if (parade_level() > 1 && parade_in_parallel()) " + Locked + " else " + *Collective;
  }
  if (isa<OMPCriticalDirective>(D)) {
    std::string WhyNot;
    unsigned InputBytes = 0;
    if (auto Replay = criticalAsReplay(C, D, LockName, WhyNot, Bytes, InputBytes)) {
      T.remark(D->getBeginLoc(), Kind + " replayed on every node: one allgather of " +
                                     std::to_string(InputBytes) + " bytes of inputs per thread, " +
                                     std::to_string(Bytes) + " bytes of shared data (" + Why + ")");
      return "if (parade_level() > 1 && parade_in_parallel()) " + Locked + " else " + *Replay;
    }
    if (WhyNot != Why)
      Why += "; not replayed: " + WhyNot;
  }
  {
    std::string WhyNot;
    // A deferred update is applied at the thread's next atomic read or
    // write, flush, lock or barrier; a thread waiting through a volatile
    // or _Atomic object would never see it.
    std::optional<std::string> Deferred;
    std::string Where;
    if (Region && threadsMayWait(T, Region, /*OnlyUnflushed=*/true, Where))
      WhyNot = "a thread waiting through " + Where + " would not apply it";
    else if (isa<OMPAtomicDirective>(D))
      Deferred = atomicAsDeferred(T, D, Region, WhyNot);
    else
      Deferred = criticalAsDeferred(T, D, Region, LockName, WhyNot);
    if (Deferred) {
      T.remark(D->getBeginLoc(),
               isa<OMPAtomicDirective>(D)
                   ? "atomic update deferred: combined by each thread, applied under the lock at "
                     "its next synchronisation (" +
                         Why + ")"
                   : "critical deferred: its updates combined by each thread, applied under the "
                     "critical's lock at the thread's next synchronisation (" +
                         Why + ")");
      return *Deferred;
    }
    if (WhyNot != Why)
      Why += "; not deferred: " + WhyNot;
  }
  T.remark(D->getBeginLoc(), Kind + " uses the distributed lock: " + Why);
  return Locked;
}

std::string flush(ConstructContext &C, const OMPExecutableDirective *D) {
  Translation &T = C.T;
  bool List = false;
  for (const OMPClause *C : D->clauses()) {
    // A memory order (acq_rel, release, acquire, seq_cst) only weakens
    // what a flush guarantees; parade's flush is both a release and an
    // acquire whatever it says.
    if (isa<OMPAcqRelClause, OMPReleaseClause, OMPAcquireClause, OMPSeqCstClause>(C))
      continue;
    if (!isa<OMPFlushClause>(C)) {
      T.error(C->getBeginLoc(), "clause '" +
                                    llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() +
                                    "' on 'flush' is not supported by parade");
      continue;
    }
    List = true;
  }
  // A list flushes everything, as gcc's flush does (a fence of all
  // memory), and codes rely on it: NPB 2.3's LU hands pipeline rows on
  // with flush(flag) alone and then reads the rows, which the flag's pages
  // alone left stale on the next node.
  T.remark(D->getBeginLoc(), "flush is a release of this node's writes and an acquire of all "
                             "shared data" +
                                 std::string(List ? ", whatever its list names (as gcc's)" : ""));
  return "parade_flush();";
}

} // namespace parade
