//===- Directives.cpp - Translating OpenMP directives ---------------------===//
#include "Directives.h"

#include "Collectives.h"
#include "DataSharing.h"
#include "Escape.h"
#include "Purity.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SetVector.h"

#include <functional>
#include <optional>

using namespace clang;
using llvm::omp::Directive;

namespace parade {

namespace {

bool isParallel(const OMPExecutableDirective *D) {
  switch (D->getDirectiveKind()) {
  case Directive::OMPD_parallel:
  case Directive::OMPD_parallel_for:
  case Directive::OMPD_parallel_for_simd:
  case Directive::OMPD_parallel_sections:
    return true;
  default:
    return false;
  }
}

bool isLoop(const OMPExecutableDirective *D) {
  switch (D->getDirectiveKind()) {
  case Directive::OMPD_for:
  case Directive::OMPD_for_simd:
  case Directive::OMPD_parallel_for:
  case Directive::OMPD_parallel_for_simd:
    return true;
  default:
    return false;
  }
}

template <typename C> const C *clause(const OMPExecutableDirective *D) {
  for (const OMPClause *Cl : D->clauses())
    if (const auto *Found = dyn_cast<C>(Cl))
      return Found;
  return nullptr;
}

/// A loop in OpenMP canonical form.
struct CanonicalLoop {
  const VarDecl *Var = nullptr;
  const Expr *Lower = nullptr, *Upper = nullptr, *StepExpr = nullptr;
  bool StepNegated = false; ///< `i -= s`, `i = i - s`
  int StepConst = 0;        ///< +1 or -1 for ++/--, else 0
  BinaryOperatorKind Cmp = BO_LT;
  const Stmt *Body = nullptr;
};

const VarDecl *declRefVar(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

std::optional<CanonicalLoop> canonicalLoop(Translation &T, const Stmt *S) {
  const auto *For = dyn_cast_or_null<ForStmt>(S);
  if (!For) {
    T.error(S ? S->getBeginLoc() : SourceLocation(), "expected a for loop after this directive");
    return std::nullopt;
  }
  CanonicalLoop L;
  L.Body = For->getBody();
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    if (DS->isSingleDecl())
      if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl())) {
        L.Var = V;
        L.Lower = V->getInit();
      }
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(For->getInit())) {
    if (B->getOpcode() == BO_Assign) {
      L.Var = declRefVar(B->getLHS());
      L.Lower = B->getRHS();
    }
  }
  bool ObjectPointer = L.Var && L.Var->getType()->isPointerType() &&
                       L.Var->getType()->getPointeeType()->isObjectType() &&
                       !L.Var->getType()->getPointeeType()->isIncompleteType();
  if (!L.Var || !L.Lower || (!L.Var->getType()->isIntegerType() && !ObjectPointer)) {
    T.error(For->getBeginLoc(), "loop is not in canonical form: the init must assign an "
                                "integer or pointer loop variable");
    return std::nullopt;
  }
  if (const auto *C = dyn_cast_or_null<BinaryOperator>(For->getCond())) {
    BinaryOperatorKind Op = C->getOpcode();
    if (declRefVar(C->getLHS()) == L.Var) {
      L.Cmp = Op;
      L.Upper = C->getRHS();
    } else if (declRefVar(C->getRHS()) == L.Var) {
      L.Upper = C->getLHS();
      L.Cmp = Op == BO_LT ? BO_GT : Op == BO_GT ? BO_LT : Op == BO_LE ? BO_GE
              : Op == BO_GE ? BO_LE : Op;
    }
    if (L.Upper && L.Cmp != BO_LT && L.Cmp != BO_LE && L.Cmp != BO_GT && L.Cmp != BO_GE &&
        L.Cmp != BO_NE)
      L.Upper = nullptr;
  }
  if (!L.Upper) {
    T.error(For->getBeginLoc(), "loop is not in canonical form: the test must compare the "
                                "loop variable with <, <=, >, >= or !=");
    return std::nullopt;
  }
  const Expr *Inc = For->getInc() ? For->getInc()->IgnoreParens() : nullptr;
  if (const auto *U = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (declRefVar(U->getSubExpr()) == L.Var)
      L.StepConst = U->isIncrementOp() ? 1 : -1;
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(Inc)) {
    if (declRefVar(B->getLHS()) == L.Var) {
      if (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) {
        L.StepExpr = B->getRHS();
        L.StepNegated = B->getOpcode() == BO_SubAssign;
      } else if (B->getOpcode() == BO_Assign) {
        if (const auto *R = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParens())) {
          if (R->getOpcode() == BO_Add && declRefVar(R->getLHS()) == L.Var)
            L.StepExpr = R->getRHS();
          else if (R->getOpcode() == BO_Add && declRefVar(R->getRHS()) == L.Var)
            L.StepExpr = R->getLHS();
          else if (R->getOpcode() == BO_Sub && declRefVar(R->getLHS()) == L.Var) {
            L.StepExpr = R->getRHS();
            L.StepNegated = true;
          }
        }
      }
    }
  }
  if (!L.StepConst && !L.StepExpr) {
    T.error(For->getBeginLoc(), "loop is not in canonical form: the increment must be ++, --, "
                                "+=, -= or var = var +/- step");
    return std::nullopt;
  }
  if (L.Cmp == BO_NE && !L.StepConst) {
    T.error(For->getBeginLoc(), "a loop tested with != must step by 1 or -1");
    return std::nullopt;
  }
  return L;
}

/// The loops a loop directive applies to: collapse(n) takes n perfectly
/// nested canonical loops whose bounds do not depend on each other.
std::vector<CanonicalLoop> collapsedLoops(Translation &T, const OMPExecutableDirective *D) {
  unsigned Depth = 1;
  for (const OMPClause *C : D->clauses())
    if (const auto *Co = dyn_cast<OMPCollapseClause>(C)) {
      Expr::EvalResult R;
      if (!Co->getNumForLoops()->EvaluateAsInt(R, T.Ctx) || R.Val.getInt() < 1) {
        T.error(Co->getBeginLoc(), "collapse needs a positive constant");
        return {};
      }
      Depth = (unsigned)R.Val.getInt().getZExtValue();
    }
  std::vector<CanonicalLoop> Loops;
  const Stmt *S = directiveBody(D);
  for (unsigned K = 0; K < Depth; K++) {
    if (K > 0) {
      // Perfectly nested: the body is the next loop (possibly in braces).
      while (const auto *CS = dyn_cast_or_null<CompoundStmt>(S)) {
        if (CS->size() != 1) {
          T.error(CS->getBeginLoc(), "collapsed loops must be perfectly nested");
          return {};
        }
        S = CS->body_front();
      }
    }
    std::optional<CanonicalLoop> L = canonicalLoop(T, S);
    if (!L)
      return {};
    for (const CanonicalLoop &Outer : Loops) {
      class Uses : public RecursiveASTVisitor<Uses> {
      public:
        const VarDecl *Var;
        bool Found = false;
        bool VisitDeclRefExpr(DeclRefExpr *E) {
          Found |= E->getDecl() == Var;
          return true;
        }
      } U;
      U.Var = Outer.Var;
      for (const Expr *E : {L->Lower, L->Upper, L->StepExpr})
        if (E)
          U.TraverseStmt(const_cast<Expr *>(E));
      if (U.Found) {
        T.error(S->getBeginLoc(), "collapsed loops whose bounds depend on an outer loop "
                                  "variable are not supported by parade");
        return {};
      }
    }
    Loops.push_back(*L);
    S = L->Body;
  }
  return Loops;
}

/// A task's data sharing: Clang's (explicit clauses and its implicit
/// firstprivates), except that a variable private to the encountering
/// thread (declared in, or privatized by, the enclosing region) is captured
/// by value unless a clause names it shared. @p Region is the extent of the
/// enclosing parallel region in this function, if any.
void adjustTaskSharing(Translation &T, const OMPExecutableDirective *D, ConstructVars &CV,
                       const SourceRange *Region) {
  if (!Region)
    return;
  for (auto &[V, Sh] : CV.Vars) {
    if (Sh != Sharing::Shared)
      continue;
    bool DeclaredInRegion = T.contains(*Region, V->getLocation());
    bool PrivateHere = T.privatizingScope(V, D->getBeginLoc(), D) != nullptr;
    bool ClauseShared = false;
    if (const auto *SC = clause<OMPSharedClause>(D))
      for (const Expr *E : SC->varlists())
        ClauseShared |= declRefVar(E) == V;
    if ((DeclaredInRegion || PrivateHere) && !ClauseShared)
      Sh = Sharing::FirstPrivate;
  }
}

/// Everything the analysis learnt about one function.
class Analyzer : public RecursiveASTVisitor<Analyzer> {
public:
  Analyzer(Translation &T, TranslationUnitDecl *TU) : T(T), MayFork(functionsThatMayFork(TU)) {}

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->hasBody() || !T.SM.isInMainFile(T.SM.getExpansionLoc(F->getLocation())))
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
        if (isLoop(S.Directive) && S.Vars.count(V) && T.contains(S.Range, V->getLocation()))
          return true;
      return false;
    };
    if (!Regions.empty() || F->isMain()) {
      // Locals whose address escapes could be reached from other nodes
      // through shared data: keep them in the pool too.
      for (const VarDecl *V : addressTakenLocals(F->getBody()))
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
    if (!T.SM.isInMainFile(T.SM.getExpansionLoc(D->getBeginLoc())))
      return true;
    const Stmt *Body = directiveBody(D);
    if (!Body)
      return true;
    bool Nested = false;
    for (SourceRange R : Regions)
      Nested |= T.contains(R, D->getBeginLoc());
    ConstructVars CV = analyzeConstruct(T, D);
    if (D->getDirectiveKind() == Directive::OMPD_task) {
      const SourceRange *Region = nullptr;
      for (const SourceRange &R : Regions)
        if (T.contains(R, D->getBeginLoc()))
          Region = &R;
      adjustTaskSharing(T, D, CV, Region);
      // A deferred task reaches what it shares through pointers: the
      // variable needs storage of its own, which pooling gives it.
      for (auto &[V, Sh] : CV.Vars)
        if (Sh == Sharing::Shared && !V->getType()->isVariablyModifiedType())
          pool(V);
    }
    Scope S{D, T.extent(D), llvm::DenseMap<const VarDecl *, Sharing>()};
    for (auto &[V, Sh] : CV.Vars) {
      S.Vars[V] = Sh;
      // A global may be named through another of its declarations.
      S.Vars[V->getCanonicalDecl()] = Sh;
    }
    if (isLoop(D)) {
      // Only the loop variables: errors are reported when translating.
      const Stmt *Cur = Body;
      unsigned Depth = 1;
      if (const auto *Co = clause<OMPCollapseClause>(D)) {
        Expr::EvalResult R;
        if (Co->getNumForLoops()->EvaluateAsInt(R, T.Ctx) && R.Val.getInt() > 1)
          Depth = (unsigned)R.Val.getInt().getZExtValue();
      }
      for (unsigned K = 0; K < Depth && Cur; K++) {
        while (const auto *CS = dyn_cast_or_null<CompoundStmt>(Cur))
          Cur = CS->size() == 1 ? CS->body_front() : nullptr;
        const auto *For = dyn_cast_or_null<ForStmt>(Cur);
        if (!For)
          break;
        const VarDecl *LoopVar = nullptr;
        if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()))
          LoopVar = DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
        else if (const auto *B = dyn_cast_or_null<BinaryOperator>(For->getInit()))
          LoopVar = declRefVar(B->getLHS());
        // A loop variable is predetermined private, whatever the body's use
        // of it suggested; lastprivate keeps its clause.
        if (LoopVar && (!S.Vars.count(LoopVar) || S.Vars[LoopVar] == Sharing::Shared))
          S.Vars[LoopVar] = Sharing::Private;
        Cur = For->getBody();
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

/// The variables named in the bounds of variably modified type @p Ty.
void collectSizeVars(ASTContext &Ctx, QualType Ty, llvm::SetVector<const VarDecl *> &Out) {
  std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Out.insert(V);
    for (const Stmt *C : S->children())
      Find(C);
  };
  for (unsigned Depth = 0; Depth < 64 && !Ty.isNull(); Depth++) {
    if (const ArrayType *A = Ctx.getAsArrayType(Ty)) {
      if (const auto *VA = dyn_cast<VariableArrayType>(A))
        Find(VA->getSizeExpr());
      Ty = A->getElementType();
    } else if (Ty->isPointerType()) {
      Ty = Ty->getPointeeType();
    } else {
      break;
    }
  }
}

/// Writes translated directives.
class Translator : public RecursiveASTVisitor<Translator> {
public:
  Translator(Translation &T, TranslationUnitDecl *TU)
      : T(T) {}
  bool shouldTraversePostOrder() const { return true; }

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->hasBody() || !T.SM.isInMainFile(T.SM.getExpansionLoc(F->getLocation())))
      return true;
    Function = F;
    Regions.clear();
    collectRegions(F->getBody());
    return RecursiveASTVisitor::TraverseFunctionDecl(F);
  }

  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (!T.SM.isInMainFile(T.SM.getExpansionLoc(D->getBeginLoc())))
      return true;
    if (D->getBeginLoc().isMacroID()) {
      T.error(D->getBeginLoc(), "an OpenMP directive inside a macro is not supported");
      return true;
    }
    switch (D->getDirectiveKind()) {
    case Directive::OMPD_parallel:
    case Directive::OMPD_parallel_for:
    case Directive::OMPD_parallel_for_simd:
    case Directive::OMPD_parallel_sections:
      if (nestedInRegion(D))
        replace(D, serializedRegion(D));
      else
        replace(D, outline(D));
      break;
    case Directive::OMPD_for:
    case Directive::OMPD_for_simd:
      replace(D, loop(D, /*InRegionTail=*/false));
      break;
    case Directive::OMPD_sections:
      T.remark(D->getBeginLoc(), "sections are handed out one at a time, like a dynamic loop");
      replace(D, sections(D, false));
      break;
    case Directive::OMPD_section:
      break; // translated with its sections
    case Directive::OMPD_single:
      replace(D, single(D));
      break;
    case Directive::OMPD_master:
      T.remark(D->getBeginLoc(), "master runs on global thread 0, with no barrier");
      replace(D, "if (parade_thread_num() == 0) " + bodyText(D));
      break;
    case Directive::OMPD_critical: {
      const auto *C = cast<OMPCriticalDirective>(D);
      std::string Name = C->getDirectiveName().getAsString();
      std::string Arg = Name.empty() ? "0" : "\"" + Name + "\"";
      replace(D, synchronisedUpdate(D, "critical", Arg));
      break;
    }
    case Directive::OMPD_atomic:
      replace(D, synchronisedUpdate(D, "atomic", "\"parade.atomic\""));
      break;
    case Directive::OMPD_barrier:
      T.remark(D->getBeginLoc(), "barrier is a DSM barrier over all nodes of the team");
      replace(D, "parade_barrier();");
      break;
    case Directive::OMPD_flush:
      replace(D, flush(D));
      break;
    case Directive::OMPD_taskwait:
      T.remark(D->getBeginLoc(), "taskwait runs this task's queued children, then waits for "
                                 "the rest");
      if (!D->clauses().empty())
        T.error(D->getBeginLoc(), "taskwait with clauses is not supported by parade");
      replace(D, "parade_taskwait();");
      break;
    case Directive::OMPD_taskyield:
      T.remark(D->getBeginLoc(), "taskyield may run one queued child task");
      replace(D, "parade_taskyield();");
      break;
    case Directive::OMPD_taskgroup:
      T.remark(D->getBeginLoc(), "taskgroup end runs queued tasks until the group's are done");
      if (!D->clauses().empty())
        T.error(D->getBeginLoc(), "taskgroup with clauses is not supported by parade");
      replace(D, "{ parade_taskgroup_begin(); " + bodyText(D) + " parade_taskgroup_end(); }");
      break;
    case Directive::OMPD_task:
      replace(D, task(D));
      break;
    case Directive::OMPD_simd:
      T.remark(D->getBeginLoc(), "simd is left to the C compiler's vectoriser");
      replace(D, bodyText(D));
      break;
    case Directive::OMPD_ordered:
      replace(D, ordered(D));
      break;
    default:
      T.error(D->getBeginLoc(), "OpenMP construct '" + directiveName(D) +
                                    "' is not supported by parade");
    }
    return true;
  }

private:
  Translation &T;
  const FunctionDecl *Function = nullptr;
  std::vector<const OMPExecutableDirective *> Regions;

  void collectRegions(Stmt *S) {
    // A directive's children() do not reach its associated statement; a
    // visitor does.
    class Collector : public RecursiveASTVisitor<Collector> {
    public:
      std::vector<const OMPExecutableDirective *> &Out;
      explicit Collector(std::vector<const OMPExecutableDirective *> &Out) : Out(Out) {}
      bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
        if (isParallel(D))
          Out.push_back(D);
        return true;
      }
    } C(Regions);
    C.TraverseStmt(S);
  }

  bool nestedInRegion(const OMPExecutableDirective *D) const {
    for (const OMPExecutableDirective *R : Regions)
      if (R != D && T.contains(T.extent(R),
                               D->getBeginLoc()))
        return true;
    return false;
  }

  /// The enclosing parallel region of @p D in this function, if any.
  const OMPExecutableDirective *enclosingRegion(const OMPExecutableDirective *D) const {
    const OMPExecutableDirective *Found = nullptr;
    for (const OMPExecutableDirective *R : Regions)
      if (R != D && T.contains(T.extent(R),
                               D->getBeginLoc()))
        Found = R;
    return Found;
  }

  SourceLocation end(const OMPExecutableDirective *D) {
    if (const Stmt *Body = directiveBody(D))
      return T.endOf(Body);
    return D->getEndLoc();
  }

  /// A prototype of the enclosing function, for outlined bodies placed
  /// before it that call it (a recursive task, or a region in a recursive
  /// function).
  std::string enclosingPrototype() {
    // A prototype with VLA parameters would name their bounds at file
    // scope; such a function gets none (a recursive call from its own
    // outlined code then fails to compile).
    if (!Function || Function->isMain())
      return "";
    for (const ParmVarDecl *P : Function->parameters())
      if (P->getType()->isVariablyModifiedType())
        return "";
    std::string Storage = Function->getStorageClass() == SC_Static ? "static " : "";
    return Storage + T.declare(Function->getType(), Function->getName()) + ";\n";
  }

  void replace(const OMPExecutableDirective *D, const std::string &Text) {
    if (T.failed())
      return; // nothing is written after an error; keep the rewriter sane
    // Conditional lines between the directive and the text its translation
    // copies (`#ifdef _OPENMP / #pragma omp ... / #endif / for ...`) stay,
    // unless their whole #if group is there: the AST chose its branch.
    SourceLocation Begin = D->getBeginLoc(), End = end(D);
    const Stmt *Copied = directiveBody(D);
    if (Copied && isLoop(D)) {
      unsigned Depth = 1;
      if (const auto *Co = clause<OMPCollapseClause>(D)) {
        Expr::EvalResult R;
        if (Co->getNumForLoops()->EvaluateAsInt(R, T.Ctx) && R.Val.getInt() > 1)
          Depth = (unsigned)R.Val.getInt().getZExtValue();
      }
      for (unsigned K = 0; K < Depth && Copied; K++) {
        while (const auto *CS = dyn_cast_or_null<CompoundStmt>(Copied))
          Copied = CS->size() == 1 ? CS->body_front() : nullptr;
        const auto *For = dyn_cast_or_null<ForStmt>(Copied);
        Copied = For ? For->getBody() : nullptr;
      }
    }
    std::string Kept =
        Copied ? T.conditionalsToKeep(Begin, End, Copied->getBeginLoc(), T.endOf(Copied))
               : T.conditionalsToKeep(Begin, End, SourceLocation(), SourceLocation());
    T.R.ReplaceText(CharSourceRange::getCharRange(Begin, End),
                    Kept.empty() ? Text : "\n" + Kept + Text);
  }

  std::string bodyText(const OMPExecutableDirective *D) {
    const Stmt *Body = directiveBody(D);
    return T.textBetween(Body->getBeginLoc(), T.endOf(Body));
  }
  std::string stmtText(const Stmt *S) { return T.textBetween(S->getBeginLoc(), T.endOf(S)); }
  std::string exprText(const Expr *E) { return "(" + T.text(E->getSourceRange()) + ")"; }

  /// Declarations that give a construct its private copies, and the
  /// statements that finish them (reductions, lastprivate). @p Orig spells
  /// the original variable outside the construct.
  struct Privates {
    std::string Before; ///< outer block: pointers to and copies of originals
    std::string Decls;  ///< inner block: the private variables
    std::string Finish; ///< after the work, still in the inner block
    std::string ReduceCopies; ///< copies of the partials for the runtime
    std::vector<std::string> ReduceVars;
    std::vector<std::string> ReduceFinish;
    unsigned ReduceBytes = 0;
  };

  Privates privates(const OMPExecutableDirective *D, const ConstructVars &CV,
                    const VarDecl *SkipVar, bool ForRegion) {
    Privates P;
    for (auto &[V, Sh] : CV.Vars) {
      if (V == SkipVar || Sh == Sharing::Shared)
        continue;
      std::string Name = V->getName().str();
      std::string Orig = T.spell(V, D->getBeginLoc(), D);
      unsigned K = T.fresh();
      QualType Ty = V->getType();
      switch (Sh) {
      case Sharing::Private:
        P.Decls += T.declare(Ty, Name) + "; ";
        break;
      case Sharing::FirstPrivate:
        // Plain assignment where C allows it: taking a private copy's
        // address would keep it out of registers for the whole function.
        if (ForRegion && Ty->isVariablyModifiedType() && Ty->isArrayType()) {
          // A VLA: from its pool storage, which the prologue points to.
          P.Decls += T.declare(Ty, Name) + "; __builtin_memcpy((void *)" + Name + ", " + Orig +
                     ", sizeof " + Name + "); ";
        } else if (ForRegion && Ty->isVariablyModifiedType()) {
          P.Decls += T.declare(Ty, Name) + " = parade_args->" + Name + "; ";
        } else if (ForRegion && !Ty->isArrayType()) {
          P.Decls += T.declare(Ty, Name) + " = parade_args->" + Name + "; ";
        } else if (ForRegion) {
          P.Decls += T.declare(Ty, Name) + "; __builtin_memcpy((void *)&" + Name +
                     ", &parade_args->" + Name + ", sizeof " + Name + "); ";
        } else {
          std::string Ptr = "parade_fp_" + std::to_string(K);
          P.Before += T.declare(T.Ctx.getPointerType(Ty), Ptr) + " = &" + Orig + "; ";
          P.Decls += Ty->isArrayType()
                         ? T.declare(Ty, Name) + "; __builtin_memcpy((void *)&" + Name + ", " +
                               Ptr + ", sizeof " + Name + "); "
                         : T.declare(Ty, Name) + " = *" + Ptr + "; ";
        }
        break;
      case Sharing::LastPrivate:
        P.Before += T.declare(T.Ctx.getPointerType(Ty), "parade_lp_" + std::to_string(K)) +
                    " = &" + Orig + "; ";
        P.Decls += T.declare(Ty, Name) + "; ";
        P.Finish += Ty->isArrayType()
                        ? "if (parade_last) __builtin_memcpy(parade_lp_" + std::to_string(K) +
                              ", &" + Name + ", sizeof " + Name + "); "
                        : "if (parade_last) *parade_lp_" + std::to_string(K) + " = " + Name + "; ";
        break;
      case Sharing::Reduction: {
        std::string Op;
        for (const ReductionItem &R : CV.Reductions)
          if (R.Var == V)
            Op = R.Op;
        std::string Ptr = "parade_ro_" + std::to_string(K);
        if (const auto *CA = dyn_cast_or_null<ConstantArrayType>(T.Ctx.getAsArrayType(Ty))) {
          // Element by element: a private array of identities, one
          // reduction variable of Count elements, an elementwise combine.
          QualType Elem = T.Ctx.getBaseElementType(Ty).getUnqualifiedType();
          std::string Count = std::to_string(T.Ctx.getConstantArrayElementCount(CA));
          std::string ElemPtr = "(" + T.declare(T.Ctx.getPointerType(Elem), "") + ")";
          std::string Each = "for (unsigned long parade_ri = 0; parade_ri < " + Count +
                             "; parade_ri++) ";
          P.Before += T.declare(T.Ctx.getPointerType(Elem), Ptr) + " = " + ElemPtr + "&" +
                      Orig + "; ";
          P.Decls += T.declare(Ty.getUnqualifiedType(), Name) + "; " + Each + "(" + ElemPtr +
                     Name + ")[parade_ri] = " + reductionIdentity(T, Op, Elem) + "; ";
          std::string Copy = "parade_rt_" + std::to_string(K);
          P.ReduceCopies += T.declare(Elem, Copy + "[" + Count + "]") + "; __builtin_memcpy(" +
                            Copy + ", " + Name + ", sizeof " + Copy + "); ";
          P.ReduceVars.push_back("{" + Copy + ", " + Count + ", " +
                                 runtimeTypeName(Elem, T.Ctx) + ", " + reductionRuntimeOp(Op) +
                                 "}");
          P.ReduceFinish.push_back(Each + "{ " +
                                   reductionCombine(Op, Ptr + "[parade_ri]",
                                                    Copy + "[parade_ri]") +
                                   " }");
          P.ReduceBytes += (unsigned)T.Ctx.getTypeSizeInChars(Ty).getQuantity();
          break;
        }
        P.Before += T.declare(T.Ctx.getPointerType(Ty), Ptr) + " = &" + Orig + "; ";
        P.Decls += T.declare(Ty, Name) + " = " + reductionIdentity(T, Op, Ty) + "; ";
        // The runtime gets a copy made after the work, so the partial itself
        // never has its address taken and can live in a register.
        std::string Copy = "parade_rt_" + std::to_string(K);
        P.ReduceCopies += T.declare(Ty.getUnqualifiedType(), Copy) + " = " + Name + "; ";
        P.ReduceVars.push_back("{&" + Copy + ", 1, " + runtimeTypeName(Ty, T.Ctx) + ", " +
                               reductionRuntimeOp(Op) + "}");
        P.ReduceFinish.push_back(reductionCombine(Op, "(*" + Ptr + ")", Copy));
        P.ReduceBytes += (unsigned)T.Ctx.getTypeSizeInChars(Ty).getQuantity();
        break;
      }
      case Sharing::Shared:
        break;
      }
    }
    return P;
  }

  /// The code that combines a construct's reductions.
  std::string reductions(const OMPExecutableDirective *D, const Privates &P, bool Serialized) {
    if (P.ReduceVars.empty())
      return "";
    std::string Combine;
    for (const std::string &F : P.ReduceFinish)
      Combine += F + " ";
    if (Serialized)
      return "{ " + P.ReduceCopies + Combine + "} ";
    if (T.Opts.ForceLockPath) {
      T.remark(D->getBeginLoc(), "reduction uses the distributed lock: -fparade-sync=lock");
      return "{ " + P.ReduceCopies + "parade_critical_enter(\"parade.reduction\"); " + Combine +
             "parade_critical_exit(\"parade.reduction\"); } ";
    }
    std::string List;
    for (const std::string &V : P.ReduceVars)
      List += (List.empty() ? "" : ", ") + V;
    T.remark(D->getBeginLoc(), "reduction mapped to one merged allreduce: " +
                                   std::to_string(P.ReduceVars.size()) + " variable(s), " +
                                   std::to_string(P.ReduceBytes) + " bytes");
    return "{ " + P.ReduceCopies + "parade_reduce_var parade_rv[] = {" + List +
           "}; parade_allreduce(parade_rv, " +
           std::to_string(P.ReduceVars.size()) +
           "); if (parade_thread_num() == 0) { " + Combine + "} } ";
  }

  // ---- Parallel regions ------------------------------------------------

  std::string outline(const OMPExecutableDirective *D) {
    ConstructVars CV = analyzeConstruct(T, D);
    unsigned Id = T.fresh();
    std::string Struct = "struct parade_args_" + std::to_string(Id);
    std::string Fields, Pack, Prologue;
    // Variably modified types (a VLA, a pointer to one, a VLA parameter)
    // name their bounds, which file scope cannot: such a variable travels
    // as a void pointer and is declared after the variables its bounds
    // name (VMPrologue), which are declared by name first (SizePrologue).
    std::string SizePrologue, VMPrologue;
    llvm::DenseSet<const VarDecl *> ByName; // declared by name in Prologue
    for (auto &[V, Sh] : CV.Vars) {
      auto Pool = T.Pooled.find(V->getCanonicalDecl());
      bool IsPooled = Pool != T.Pooled.end() && !V->hasGlobalStorage();
      if (Sh == Sharing::Shared && !IsPooled)
        ByName.insert(V);
    }
    llvm::SetVector<const VarDecl *> SizeVars;
    for (auto &[V, Sh] : CV.Vars)
      if (V->getType()->isVariablyModifiedType())
        collectSizeVars(T.Ctx, V->getType(), SizeVars);
    for (const VarDecl *S : SizeVars) {
      if (ByName.count(S) || !S->hasLocalStorage())
        continue;
      std::string Field = "parade_vsz_" + S->getName().str();
      Fields += T.declare(S->getType().getUnqualifiedType(), Field) + "; ";
      Pack += "parade_a." + Field + " = " + T.spell(S, D->getBeginLoc(), D) + "; ";
      SizePrologue += T.declare(S->getType(), S->getName()) + " = parade_args->" + Field + "; ";
    }
    for (auto &[V, Sh] : CV.Vars) {
      std::string Name = V->getName().str();
      QualType Ty = V->getType();
      bool VM = Ty->isVariablyModifiedType();
      auto Pool = T.Pooled.find(V->getCanonicalDecl());
      bool IsPooled = Pool != T.Pooled.end() && !V->hasGlobalStorage();
      if (IsPooled) {
        // The pointer travels; the body spells the variable through it.
        const std::string &Ptr = Pool->second;
        if (VM) {
          Fields += "void *" + Ptr + "; ";
          Pack += "parade_a." + Ptr + " = (void *)" + Ptr + "; ";
          VMPrologue += T.declare(T.Ctx.getPointerType(Ty), Ptr) + " = parade_args->" + Ptr +
                        "; ";
        } else {
          QualType PtrTy = T.Ctx.getPointerType(Ty);
          Fields += T.declare(PtrTy, Ptr) + "; ";
          Pack += "parade_a." + Ptr + " = (void *)" + Ptr + "; ";
          Prologue += T.declare(PtrTy, Ptr) + " = parade_args->" + Ptr + "; ";
        }
      }
      if (VM && !IsPooled && Ty->isArrayType()) {
        T.error(V->getLocation(), "a variable-length array passed by value to a parallel "
                                  "region is not supported by parade");
        continue;
      }
      if (Sh == Sharing::Shared && !IsPooled) {
        if (VM) { // a pointer to a VLA, or a VLA parameter
          Fields += "void *" + Name + "; ";
          Pack += "parade_a." + Name + " = (void *)" + Name + "; ";
          VMPrologue += T.declare(Ty, Name) + " = parade_args->" + Name + "; ";
        } else {
          Fields += T.declare(Ty.getUnqualifiedType(), Name) + "; ";
          Pack += "parade_a." + Name + " = " + Name + "; ";
          Prologue += T.declare(Ty, Name) + " = parade_args->" + Name + "; ";
        }
      } else if (Sh == Sharing::FirstPrivate && VM && !Ty->isArrayType()) {
        Fields += "void *" + Name + "; ";
        Pack += "parade_a." + Name + " = (void *)" + T.spell(V, D->getBeginLoc(), D) + "; ";
      } else if (Sh == Sharing::FirstPrivate && !VM) {
        Fields += T.declare(Ty.getUnqualifiedType(), Name) + "; ";
        Pack += "__builtin_memcpy((void *)&parade_a." + Name + ", &" +
                T.spell(V, D->getBeginLoc(), D) + ", sizeof parade_a." + Name + "); ";
      }
      // A firstprivate VLA is copied from its pool storage (privates).
    }
    Prologue += SizePrologue + VMPrologue;
    for (const VarDecl *V : CV.CopyIn) {
      std::string Name = T.spell(V, D->getBeginLoc(), D);
      Fields += T.declare(V->getType(), "parade_ci_" + Name) + "; ";
      Pack += "__builtin_memcpy(&parade_a.parade_ci_" + Name + ", &" + Name + ", sizeof " +
              Name + "); ";
      Prologue += "__builtin_memcpy(&" + Name + ", &parade_args->parade_ci_" + Name +
                  ", sizeof " + Name + "); ";
    }
    Privates P = privates(D, CV, nullptr, /*ForRegion=*/true);
    std::string Body;
    if (isLoop(D))
      Body = loop(D, /*InRegionTail=*/true);
    else if (D->getDirectiveKind() == Directive::OMPD_parallel_sections)
      Body = sections(D, true);
    else
      Body = bodyText(D);
    std::string NumThreads = "0", If = "1";
    if (const auto *N = clause<OMPNumThreadsClause>(D))
      NumThreads = exprText(N->getNumThreads());
    if (const auto *I = clause<OMPIfClause>(D))
      If = "(" + exprText(I->getCondition()) + " != 0)";
    if (Fields.empty())
      Fields = "char parade_unused; ";
    std::string Fn = "parade_region_" + std::to_string(Id);
    std::string Outlined = enclosingPrototype() + Struct + " { " + Fields +
                           "};\nstatic void " + Fn + "(void *parade_raw) {\n  " + Struct +
                           " *parade_args = parade_raw; (void)parade_args;\n  " + Prologue +
                           "\n  int parade_last = 0; (void)parade_last;\n  {" + P.Before +
                           "{ " + P.Decls + "\n" + Body + "\n" + P.Finish +
                           reductions(D, P, false) + "}}\n}\n";
    auto [Defines, Undefs] = T.localMacros(Function, D->getBeginLoc());
    T.addBeforeFunction(Function->getBeginLoc(), Defines + Outlined + Undefs);
    T.remark(D->getBeginLoc(), "'" + directiveName(D) + "' outlined to " + Fn + ": " +
                                   std::to_string(CV.Vars.size()) + " variable(s) from the "
                                   "enclosing function");
    return "{ " + Struct + " parade_a; __builtin_memset(&parade_a, 0, sizeof parade_a); " +
           Pack + "parade_parallel(" + Fn + ", &parade_a, sizeof parade_a, " + NumThreads +
           ", " + If + "); }";
  }

  /// A parallel region inside another runs on the encountering thread alone.
  std::string serializedRegion(const OMPExecutableDirective *D) {
    ConstructVars CV = analyzeConstruct(T, D);
    Privates P = privates(D, CV, nullptr, false);
    std::string Body;
    if (isLoop(D))
      Body = loop(D, true);
    else if (D->getDirectiveKind() == Directive::OMPD_parallel_sections)
      Body = sections(D, true);
    else
      Body = bodyText(D);
    return "{ int parade_last = 0; (void)parade_last; " + P.Before +
           "parade_serial_enter(); { " + P.Decls + "\n" + Body + "\n" + P.Finish +
           reductions(D, P, true) + "} parade_serial_exit(); }";
  }

  // ---- Work sharing ------------------------------------------------------

  static std::string scheduleOf(const OMPExecutableDirective *D, std::string &Chunk,
                                Translation &T) {
    Chunk = "0";
    const auto *S = clause<OMPScheduleClause>(D);
    if (!S)
      return "PARADE_SCHED_STATIC";
    if (const Expr *C = S->getChunkSize())
      Chunk = "(" + T.text(C->getSourceRange()) + ")";
    switch (S->getScheduleKind()) {
    case OMPC_SCHEDULE_dynamic: return "PARADE_SCHED_DYNAMIC";
    case OMPC_SCHEDULE_guided: return "PARADE_SCHED_GUIDED";
    case OMPC_SCHEDULE_runtime: return "PARADE_SCHED_RUNTIME";
    default: return "PARADE_SCHED_STATIC";
    }
  }

  /// Iterations of loop @p L as a C expression over parade_lb<S>,
  /// parade_ub<S> and parade_st<S>.
  static std::string countExpr(BinaryOperatorKind Cmp, const std::string &S) {
    std::string Lb = "parade_lb" + S, Ub = "parade_ub" + S, St = "parade_st" + S;
    switch (Cmp) {
    case BO_LT: return St + " > 0 && " + Lb + " < " + Ub + " ? (" + Ub + " - " + Lb + " + " + St + " - 1) / " + St + " : 0";
    case BO_LE: return St + " > 0 && " + Lb + " <= " + Ub + " ? (" + Ub + " - " + Lb + ") / " + St + " + 1 : 0";
    case BO_GT: return St + " < 0 && " + Lb + " > " + Ub + " ? (" + Lb + " - " + Ub + " - " + St + " - 1) / -" + St + " : 0";
    case BO_GE: return St + " < 0 && " + Lb + " >= " + Ub + " ? (" + Lb + " - " + Ub + ") / -" + St + " + 1 : 0";
    default: return St + " > 0 ? (" + Ub + " > " + Lb + " ? " + Ub + " - " + Lb + " : 0) : (" + Lb + " > " + Ub + " ? " + Lb + " - " + Ub + " : 0)";
    }
  }

  std::string loop(const OMPExecutableDirective *D, bool InRegionTail) {
    const auto *Ordered = clause<OMPOrderedClause>(D);
    if (Ordered && Ordered->getNumForLoops()) {
      T.error(Ordered->getBeginLoc(), "doacross loops (ordered(n)) are not supported by parade");
      return "";
    }
    std::vector<CanonicalLoop> Loops = collapsedLoops(T, D);
    if (Loops.empty())
      return "";
    const CanonicalLoop &Outer = Loops.front();
    // A combined construct's clauses were handled by its region.
    ConstructVars CV = InRegionTail ? ConstructVars() : analyzeConstruct(T, D);
    Privates P = InRegionTail ? Privates() : privates(D, CV, Outer.Var, false);
    std::string Chunk, Kind = scheduleOf(D, Chunk, T);
    std::string Bounds, Total, Indices, LastVars, LastVarPtrs;
    const auto *LP = clause<OMPLastprivateClause>(D);
    for (size_t K = 0; K < Loops.size(); K++) {
      const CanonicalLoop &L = Loops[K];
      std::string S = std::to_string(K);
      std::string Step = L.StepConst ? std::to_string(L.StepConst)
                         : L.StepNegated ? "-" + exprText(L.StepExpr)
                                         : exprText(L.StepExpr);
      QualType VarTy = L.Var->getType().getUnqualifiedType();
      std::string Var = L.Var->getName().str();
      std::string Cast = "(" + T.declare(VarTy, "") + ")";
      if (VarTy->isPointerType()) {
        // A pointer loop counts elements from its lower bound, the base.
        std::string Base = "parade_pb" + S;
        Bounds += T.declare(VarTy, Base) + " = " + exprText(L.Lower) + ";\n  ";
        Bounds += "long long parade_lb" + S + " = 0, parade_ub" + S + " = (long long)(" +
                  exprText(L.Upper) + " - " + Base + "), parade_st" + S +
                  " = (long long)(" + Step + ");\n  long long parade_n" + S + " = " +
                  countExpr(L.Cmp, S) + ";\n  ";
        Cast = Base + " + ";
      } else {
        Bounds += "long long parade_lb" + S + " = (long long)" + exprText(L.Lower) +
                  ", parade_ub" + S + " = (long long)" + exprText(L.Upper) + ", parade_st" +
                  S + " = (long long)(" + Step + ");\n  long long parade_n" + S + " = " +
                  countExpr(L.Cmp, S) + ";\n  ";
      }
      Total += std::string(K ? " * " : "") + "parade_n" + S;
      // Innermost varies fastest: peel indices from the end. A single loop
      // needs no division (it would cost more than a cheap iteration).
      if (Loops.size() == 1)
        Indices = T.declare(VarTy, Var) + " = " + Cast + "(parade_lb0 + parade_r * parade_st0); ";
      else
        Indices = T.declare(VarTy, Var) + " = " + Cast + "(parade_lb" + S + " + (parade_r % parade_n" +
                  S + ") * parade_st" + S + "); parade_r /= parade_n" + S + "; " + Indices;
      // A lastprivate loop variable ends one step past its last value; in a
      // combined construct the region declared the private copy.
      bool IsLast = false;
      if (LP)
        for (const Expr *E : LP->varlists())
          IsLast |= declRefVar(E) == L.Var;
      if (!IsLast)
        continue;
      std::string Final = Cast + "(parade_lb" + S + " + parade_n" + S + " * parade_st" + S + ")";
      if (InRegionTail) {
        LastVars += Var + " = " + Final + "; ";
      } else {
        std::string Ptr = "parade_lv" + S;
        LastVarPtrs += T.declare(T.Ctx.getPointerType(VarTy), Ptr) + " = &" +
                       T.spell(L.Var, D->getBeginLoc(), D) + "; ";
        LastVars += "*" + Ptr + " = " + Final + "; ";
      }
    }
    bool Nowait = InRegionTail || clause<OMPNowaitClause>(D);
    std::string BodyText = stmtText(Loops.back().Body);
    T.remark(D->getBeginLoc(), "'" + directiveName(D) + "' loop: schedule " + Kind.substr(13) +
                                   (Loops.size() > 1 ? ", " + std::to_string(Loops.size()) +
                                                           " loops collapsed"
                                                     : std::string()));
    return "{ " + P.Before + LastVarPtrs + Bounds + "long long parade_n = " + Total + ";\n" +
           "  parade_loop parade_l; long long parade_lo, parade_hi;" +
           (InRegionTail ? "" : " int parade_last = 0;") + "\n" + "  { " + P.Decls +
           "\n  parade_loop_begin(&parade_l, parade_n, " + Kind + ", " + Chunk + ");\n" +
           "  while (parade_loop_next(&parade_l, &parade_lo, &parade_hi)) {\n" +
           "    if (parade_hi == parade_n) parade_last = 1;\n" +
           "    for (long long parade_k = parade_lo; parade_k < parade_hi; parade_k++) {\n" +
           "      long long parade_r = parade_k; " + Indices + "(void)parade_r;\n      " +
           // An ordered loop's iterations pass the ordered region in turn,
           // also those that do not execute it.
           (Ordered ? "int parade_ord = 0;\n      " : "") + BodyText +
           (Ordered ? "\n      if (!parade_ord) { parade_ordered_begin(&parade_l, parade_k); "
                      "parade_ordered_end(&parade_l, parade_k); }"
                    : "") +
           "\n    }\n  }\n  " + P.Finish +
           (LastVars.empty() ? "" : "if (parade_last) { " + LastVars + "} ") +
           reductions(D, P, false) + "}\n  (void)parade_last; " +
           (Nowait ? "" : "parade_barrier(); ") + "}";
  }

  /// The ordered construct inside an ordered loop of this function.
  std::string ordered(const OMPExecutableDirective *D) {
    for (const OMPClause *C : D->clauses())
      if (isa<OMPDependClause, OMPDoacrossClause>(C)) {
        T.error(C->getBeginLoc(), "doacross (ordered depend) is not supported by parade");
        return "";
      }
    if (!directiveBody(D)) {
      T.error(D->getBeginLoc(), "a stand-alone ordered directive is not supported by parade");
      return "";
    }
    // The innermost enclosing loop directive must have the ordered clause.
    DynTypedNode Node = DynTypedNode::create(*D);
    const OMPExecutableDirective *Loop = nullptr;
    while (!Loop) {
      auto Parents = T.Ctx.getParents(Node);
      if (Parents.empty())
        break;
      Node = Parents[0];
      if (const auto *P = Node.get<OMPExecutableDirective>())
        if (isLoop(P) || isParallel(P))
          Loop = P;
    }
    if (!Loop || !isLoop(Loop) || !clause<OMPOrderedClause>(Loop)) {
      T.error(D->getBeginLoc(), "an ordered region must be lexically inside a loop with the "
                                "ordered clause for parade");
      return "";
    }
    T.remark(D->getBeginLoc(), "ordered uses the ordered lock of its loop");
    return "{ parade_ordered_begin(&parade_l, parade_k); parade_ord = 1; " + bodyText(D) +
           " parade_ordered_end(&parade_l, parade_k); }";
  }

  std::string sections(const OMPExecutableDirective *D, bool InRegionTail) {
    const auto *Body = dyn_cast<CompoundStmt>(directiveBody(D));
    if (!Body) {
      T.error(D->getBeginLoc(), "expected a compound statement of sections");
      return "";
    }
    ConstructVars CV = InRegionTail ? ConstructVars() : analyzeConstruct(T, D);
    Privates P = InRegionTail ? Privates() : privates(D, CV, nullptr, false);
    std::string Cases;
    unsigned N = 0;
    for (const Stmt *S : Body->body()) {
      const Stmt *Work = S;
      if (const auto *Sec = dyn_cast<OMPSectionDirective>(S))
        Work = directiveBody(Sec);
      Cases += "case " + std::to_string(N++) + ": " + stmtText(Work) + " break;\n";
    }
    bool Nowait = InRegionTail || clause<OMPNowaitClause>(D);
    return "{ " + P.Before + "parade_loop parade_l; long long parade_lo, parade_hi; " +
           (InRegionTail ? "" : "int parade_last = 0;") + "\n  { " + P.Decls + "\n  parade_loop_begin(&parade_l, " +
           std::to_string(N) + ", PARADE_SCHED_DYNAMIC, 1);\n" +
           "  while (parade_loop_next(&parade_l, &parade_lo, &parade_hi))\n" +
           "    for (long long parade_k = parade_lo; parade_k < parade_hi; parade_k++) {\n" +
           "      if (parade_k == " + std::to_string(N) + " - 1) parade_last = 1;\n" +
           "      switch (parade_k) {\n" + Cases + "      }\n    }\n  " + P.Finish +
           reductions(D, P, false) + "}\n  (void)parade_last; " +
           (Nowait ? "" : "parade_barrier(); ") + "}";
  }

  /// critical or atomic: a collective when the block allows it, else the
  /// distributed lock named @p LockName.
  std::string synchronisedUpdate(const OMPExecutableDirective *D, const std::string &Kind,
                                 const std::string &LockName) {
    std::string Why;
    unsigned Bytes = 0;
    if (auto Collective = updateAsCollective(T, D, enclosingRegion(D), Why, Bytes)) {
      T.remark(D->getBeginLoc(), Kind + " mapped to a collective: " + std::to_string(Bytes) +
                                     " bytes of shared data");
      return *Collective;
    }
    if (isa<OMPAtomicDirective>(D)) {
      std::string WhyNot;
      if (auto Deferred = atomicAsDeferred(T, D, WhyNot)) {
        T.remark(D->getBeginLoc(), "atomic update deferred: combined by each thread, applied "
                                   "under the lock at its next synchronisation (" + Why + ")");
        return *Deferred;
      }
      Why += "; not deferred: " + WhyNot;
    }
    T.remark(D->getBeginLoc(), Kind + " uses the distributed lock: " + Why);
    return "{ parade_critical_enter(" + LockName + "); " + bodyText(D) +
           " parade_critical_exit(" + LockName + "); }";
  }

  std::string single(const OMPExecutableDirective *D) {
    std::string Why;
    unsigned Bytes = 0;
    if (auto Collective = singleAsCollective(T, D, Why, Bytes)) {
      T.remark(D->getBeginLoc(), "single mapped to a broadcast: " + std::to_string(Bytes) +
                                     " bytes of shared data");
      return *Collective;
    }
    T.remark(D->getBeginLoc(), "single uses a barrier: " + Why);
    ConstructVars CV = analyzeConstruct(T, D);
    Privates P = privates(D, CV, nullptr, false);
    std::string Copy;
    for (const VarDecl *V : CV.CopyPrivate)
      Copy += "parade_bcast(&" + T.spell(V, D->getBeginLoc(), D) + ", sizeof(" +
              T.declare(V->getType(), "") + "), 0); ";
    bool Nowait = clause<OMPNowaitClause>(D) != nullptr;
    return "{ " + P.Before + "if (parade_thread_num() == 0) { " + P.Decls + bodyText(D) +
           " } " + Copy + (Nowait && Copy.empty() ? "" : "parade_barrier(); ") + "}";
  }

  /// Whether a value of type @p Ty holds a pointer (itself, an element or
  /// a member, at any depth).
  static bool holdsPointer(QualType Ty) {
    Ty = Ty.getCanonicalType();
    if (Ty->isPointerType() || Ty->isBlockPointerType())
      return true;
    if (const ArrayType *A = Ty->getAsArrayTypeUnsafe())
      return holdsPointer(A->getElementType());
    if (const RecordType *R = Ty->getAs<RecordType>()) {
      if (const RecordDecl *Def = R->getDecl()->getDefinition())
        for (const FieldDecl *F : Def->fields())
          if (holdsPointer(F->getType()))
            return true;
    }
    return false;
  }

  std::string flush(const OMPExecutableDirective *D) {
    std::string Addrs, Sizes;
    unsigned Count = 0;
    const VarDecl *Pointer = nullptr;
    for (const OMPClause *C : D->clauses()) {
      const auto *F = dyn_cast<OMPFlushClause>(C);
      if (!F) {
        T.error(C->getBeginLoc(), "clause '" +
                                      llvm::omp::getOpenMPClauseName(C->getClauseKind()).str() +
                                      "' on 'flush' is not supported by parade");
        continue;
      }
      for (const Expr *E : F->varlists()) {
        const VarDecl *V = declRefVar(E);
        if (!V)
          continue;
        if (!Pointer && holdsPointer(V->getType()))
          Pointer = V;
        std::string Spelled = T.spell(V, D->getBeginLoc());
        Addrs += (Count ? ", " : "") + ("(const void *)&" + Spelled);
        Sizes += (Count ? ", " : "") + ("sizeof " + Spelled);
        Count++;
      }
    }
    if (Count == 0) {
      T.remark(D->getBeginLoc(), "flush is a release of this node's writes and an acquire of "
                                 "all shared data");
      return "parade_flush();";
    }
    if (Pointer) {
      // The letter of OpenMP flushes only the pointer, but gcc fences all
      // memory and codes rely on the data it points to becoming visible.
      T.remark(D->getBeginLoc(), "flush is a release of this node's writes and an acquire of "
                                 "all shared data: '" +
                                     Pointer->getName().str() +
                                     "' holds a pointer, and the data it points to may be "
                                     "anywhere");
      return "parade_flush();";
    }
    T.remark(D->getBeginLoc(), "flush is a release of this node's writes and an acquire of " +
                                   std::to_string(Count) + " variable(s)");
    return "{ const void *parade_fa[] = {" + Addrs + "}; size_t parade_fs[] = {" + Sizes +
           "}; parade_flush_list(parade_fa, parade_fs, " + std::to_string(Count) + "); }";
  }

  /// The extent of @p D's enclosing region, if it has one here.
  std::optional<SourceRange> regionExtent(const OMPExecutableDirective *D) const {
    if (const OMPExecutableDirective *R = enclosingRegion(D))
      return T.extent(R);
    return std::nullopt;
  }

  std::string taskFlags(const OMPExecutableDirective *D) {
    std::string Flags = "0";
    if (const auto *I = clause<OMPIfClause>(D))
      Flags += " | (" + exprText(I->getCondition()) + " ? 0 : PARADE_TASK_UNDEFERRED)";
    if (const auto *F = clause<OMPFinalClause>(D))
      Flags += " | (" + exprText(F->getCondition()) + " ? PARADE_TASK_FINAL : 0)";
    if (clause<OMPDependClause>(D))
      Flags += " | PARADE_TASK_DEPEND";
    return Flags;
  }

  std::string task(const OMPExecutableDirective *D) {
    ConstructVars CV = analyzeConstruct(T, D);
    std::optional<SourceRange> Region = regionExtent(D);
    adjustTaskSharing(T, D, CV, Region ? &*Region : nullptr);
    for (const OMPExecutableDirective *R : Regions)
      if (R != D && T.contains(T.extent(D), R->getBeginLoc())) {
        bool Private = false;
        for (auto &[V, Sh] : CV.Vars)
          Private |= Sh != Sharing::Shared;
        if (Private)
          T.error(R->getBeginLoc(), "a parallel region inside a task that has private "
                                    "variables is not supported by parade");
        T.remark(D->getBeginLoc(), "task runs at once: it holds a parallel region");
        return undeferredTask(D, CV);
      }
    // The task body moves to a function of its own; the argument block
    // carries the values it captures and pointers to what it shares.
    unsigned Id = T.fresh();
    std::string Struct = "struct parade_targs_" + std::to_string(Id);
    std::string Fields, Pack, Prologue, Decls;
    for (auto &[V, Sh] : CV.Vars) {
      std::string Name = V->getName().str();
      QualType Ty = V->getType();
      if (Ty->isVariablyModifiedType()) {
        T.remark(D->getBeginLoc(), "task runs at once: it names the variable-length array '" +
                                       Name + "'");
        return undeferredTask(D, CV);
      }
      switch (Sh) {
      case Sharing::Shared: {
        auto Pool = T.Pooled.find(V->getCanonicalDecl());
        if (Pool == T.Pooled.end()) {
          T.remark(D->getBeginLoc(), "task runs at once: '" + Name + "' has no storage to share");
          return undeferredTask(D, CV);
        }
        const std::string &Ptr = Pool->second;
        QualType PtrTy = T.Ctx.getPointerType(Ty);
        Fields += T.declare(PtrTy, Ptr) + "; ";
        Pack += "parade_ta." + Ptr + " = " + Ptr + "; ";
        Prologue += T.declare(PtrTy, Ptr) + " = parade_args->" + Ptr + "; ";
        break;
      }
      case Sharing::FirstPrivate:
        Fields += T.declare(Ty.getUnqualifiedType(), Name) + "; ";
        Pack += "__builtin_memcpy((void *)&parade_ta." + Name + ", &" +
                T.spell(V, D->getBeginLoc(), D) + ", sizeof parade_ta." + Name + "); ";
        Decls += T.declare(Ty, Name) + "; __builtin_memcpy((void *)&" + Name +
                 ", &parade_args->" + Name + ", sizeof " + Name + "); ";
        break;
      default:
        Decls += T.declare(Ty, Name) + "; ";
        break;
      }
    }
    if (Fields.empty())
      Fields = "char parade_unused; ";
    std::string Fn = "parade_task_" + std::to_string(Id);
    auto [Defines, Undefs] = T.localMacros(Function, D->getBeginLoc());
    T.addBeforeFunction(Function->getBeginLoc(),
                        Defines + enclosingPrototype() + Struct + " { " + Fields + "};\nstatic void " + Fn +
                            "(void *parade_raw) {\n  " + Struct +
                            " *parade_args = parade_raw; (void)parade_args;\n  " + Prologue +
                            "\n  { " + Decls + "\n" + bodyText(D) + "\n  }\n}\n" + Undefs);
    T.remark(D->getBeginLoc(), "task outlined to " + Fn + ", queued for a thread of this node");
    return "{ " + Struct + " parade_ta; __builtin_memset(&parade_ta, 0, sizeof parade_ta); " +
           Pack + "parade_task(" + Fn + ", &parade_ta, sizeof parade_ta, " + taskFlags(D) +
           "); }";
  }

  /// A task run at once by the encountering thread, in place.
  std::string undeferredTask(const OMPExecutableDirective *D, const ConstructVars &CV) {
    std::string Before, Decls;
    for (auto &[V, S] : CV.Vars) {
      std::string Name = V->getName().str();
      if (S == Sharing::FirstPrivate) {
        std::string Tmp = "parade_tf_" + std::to_string(T.fresh());
        Before += T.declare(V->getType(), Tmp) + "; __builtin_memcpy(&" + Tmp + ", &" +
                  T.spell(V, D->getBeginLoc(), D) + ", sizeof " + Tmp + "); ";
        Decls += T.declare(V->getType(), Name) + "; __builtin_memcpy((void *)&" + Name + ", &" +
                 Tmp +
                 ", sizeof " + Name + "); ";
      } else if (S != Sharing::Shared) {
        Decls += T.declare(V->getType(), Name) + "; ";
      }
    }
    return "{ " + Before + "{ " + Decls + bodyText(D) + " } }";
  }
};

} // namespace

void analyzeDirectives(Translation &T, TranslationUnitDecl *TU) {
  Analyzer(T, TU).TraverseDecl(TU);
}

void translateDirectives(Translation &T, TranslationUnitDecl *TU) {
  Translator(T, TU).TraverseDecl(TU);
}

} // namespace parade
