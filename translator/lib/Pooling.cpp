//===- Pooling.cpp - Which automatic variables live in the DSM pool -------===//
#include "Pooling.h"

#include "AstUtil.h"
#include "DataSharing.h"
#include "Escape.h"
#include "LoopNest.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
using llvm::omp::Directive;

namespace parade {

namespace {

/// Everything the analysis learnt about one function.
class Analyzer : public RecursiveASTVisitor<Analyzer> {
public:
  Analyzer(Translation &T, TranslationUnitDecl *TU) : T(T), MayFork(functionsThatMayFork(TU)) {}

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || !T.inMainFile(F->getLocation()))
      return true;
    Regions.clear();
    bool Ok = RecursiveASTVisitor::TraverseFunctionDecl(F);
    // Not pooled: a local declared in a region (it belongs to one thread,
    // and a region it reaches is nested, so serialized on that thread), and
    // the variable a loop directive declares (the translation declares a
    // copy per thread, and the directive's text cannot move).
    auto ThreadOwn = [&](const VarDecl *V) {
      for (SourceRange R : Regions)
        if (T.contains(R, V->getLocation()))
          return true;
      for (const Scope &S : T.Scopes)
        if ((isLoop(S.Directive) || isTaskLoop(S.Directive)) && S.Vars.count(V) &&
            T.contains(S.Range, V->getLocation()))
          return true;
      return false;
    };
    if (!Regions.empty() || F->isMain()) {
      // Locals whose address escapes could be reached from other nodes
      // through shared data: keep them in the pool too. An address that
      // only reaches the C library (stat(path, &st)) stays on the stack,
      // where the kernel can write to it.
      for (const VarDecl *V : escapingLocals(T.Ctx, F))
        if (!ThreadOwn(V))
          pool(V);
    }
    // A region in a callee reaches what the address was given to.
    if (MayFork.count(F->getCanonicalDecl()))
      for (const VarDecl *V : escapingLocals(T.Ctx, F))
        if (!ThreadOwn(V) && !T.Pooled.count(V->getCanonicalDecl())) {
          pool(V);
          T.remark(V->getLocation(), "'" + V->getName().str() +
                                         "' lives in the pool: its address escapes from a "
                                         "function that may start a parallel region");
        }
    return Ok;
  }

  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (!T.inMainFile(D->getBeginLoc()))
      return true;
    const Stmt *Body = directiveBody(D);
    if (!Body)
      return true;
    bool Nested = false;
    for (SourceRange R : Regions)
      Nested |= T.contains(R, D->getBeginLoc());
    ConstructVars CV = analyzeConstruct(T, D);
    if (D->getDirectiveKind() == Directive::OMPD_task || isTaskLoop(D)) {
      const SourceRange *Region = nullptr;
      for (const SourceRange &R : Regions)
        if (T.contains(R, D->getBeginLoc()))
          Region = &R;
      adjustTaskSharing(T, D, CV, Region);
      // A deferred task reaches what it shares through pointers: the
      // variable needs storage of its own, which pooling gives it. A copy
      // an enclosing construct makes private is the encountering thread's,
      // on its node: the task is given its address.
      for (auto &[V, Sh] : CV.Vars) {
        if (Sh != Sharing::Shared || V->getType()->isVariablyModifiedType())
          continue;
        if (T.privatizingScope(V, D->getBeginLoc(), D))
          T.SharedPrivates.push_back(
              {D, Body->getSourceRange(), V->getCanonicalDecl(),
               "parade_sp_" + V->getName().str() + "_" + std::to_string(T.fresh())});
        else
          pool(V);
      }
    }
    // A target's private copies that its region could not reach: the
    // target works on the originals.
    shareTargetSavedPrivates(D, CV, Nested);
    Scope S{D, T.extent(D), llvm::DenseMap<const VarDecl *, Sharing>()};
    for (auto &[V, Sh] : CV.Vars) {
      S.Vars[V] = Sh;
      // A global may be named through another of its declarations.
      S.Vars[V->getCanonicalDecl()] = Sh;
    }
    // A simd's, a loop bind(thread)'s (run as a simd) and a doacross
    // nest's inner loops' variables too.
    bool InPlaceLoop =
        isSimdInPlace(D) || (D->getDirectiveKind() == Directive::OMPD_loop && !isLoop(D));
    if (isLoop(D) || isTaskLoop(D) || InPlaceLoop) {
      // Only the loop variables: errors are reported when translating.
      for (const ForStmt *For : associatedLoops(D, T.Ctx)) {
        const VarDecl *LoopVar = initVar(For);
        // A loop variable is predetermined private, whatever the body's use
        // of it suggested; lastprivate keeps its clause.
        if (LoopVar && (!S.Vars.count(LoopVar) || S.Vars[LoopVar] == Sharing::Shared))
          S.Vars[LoopVar] = Sharing::Private;
      }
    }
    T.Scopes.push_back(std::move(S));
    if (isParallel(D) && !Nested) {
      Regions.push_back(T.extent(D));
      for (auto &[V, Sh] : CV.Vars) {
        bool Aggregate = !V->getType()->isScalarType();
        bool VLA = V->getType()->isVariablyModifiedType() && V->getType()->isArrayType();
        if ((Sh == Sharing::Shared && (CV.Written.count(V) || Aggregate)) ||
            Sh == Sharing::Reduction || Sh == Sharing::LastPrivate ||
            (Sh == Sharing::FirstPrivate && VLA))
          pool(V);
      }
    }
    return true;
  }

private:
  void pool(const VarDecl *V) {
    const VarDecl *Canon = V->getCanonicalDecl();
    // Globals have storage of their own: the DSM's sections (shared), or
    // thread-local storage (threadprivate). Static locals are pooled already.
    if (V->hasGlobalStorage())
      return;
    if (!T.Pooled.count(Canon))
      T.Pooled[Canon] = "parade_s_" + V->getName().str() + "_" + std::to_string(T.fresh());
  }

  Translation &T;
  llvm::DenseSet<const FunctionDecl *> MayFork;
  std::vector<SourceRange> Regions;
};

} // namespace

void analyzeDirectives(Translation &T, TranslationUnitDecl *TU) {
  Analyzer(T, TU).TraverseDecl(TU);
}

} // namespace parade
