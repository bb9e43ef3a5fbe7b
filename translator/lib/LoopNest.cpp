//===- LoopNest.cpp - Loops in OpenMP canonical form ----------------------===//
#include "LoopNest.h"

#include "AstUtil.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace parade {

namespace {

std::optional<CanonicalLoop> canonicalLoop(Translation &T, const Stmt *S) {
  const auto *For = dyn_cast_or_null<ForStmt>(S);
  if (!For) {
    T.error(S ? S->getBeginLoc() : SourceLocation(), "expected a for loop after this directive");
    return std::nullopt;
  }
  CanonicalLoop L;
  L.For = For;
  L.Body = For->getBody();
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit())) {
    if (DS->isSingleDecl())
      if (const auto *V = dyn_cast<VarDecl>(DS->getSingleDecl())) {
        L.Var = V;
        L.Lower = V->getInit();
      }
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(For->getInit())) {
    if (B->getOpcode() == BO_Assign) {
      L.Var = varOf(B->getLHS());
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
    if (varOf(C->getLHS()) == L.Var) {
      L.Cmp = Op;
      L.Upper = C->getRHS();
    } else if (varOf(C->getRHS()) == L.Var) {
      L.Upper = C->getLHS();
      L.Cmp = Op == BO_LT   ? BO_GT
              : Op == BO_GT ? BO_LT
              : Op == BO_LE ? BO_GE
              : Op == BO_GE ? BO_LE
                            : Op;
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
    if (varOf(U->getSubExpr()) == L.Var)
      L.StepConst = U->isIncrementOp() ? 1 : -1;
  } else if (const auto *B = dyn_cast_or_null<BinaryOperator>(Inc)) {
    if (varOf(B->getLHS()) == L.Var) {
      if (B->getOpcode() == BO_AddAssign || B->getOpcode() == BO_SubAssign) {
        L.StepExpr = B->getRHS();
        L.StepNegated = B->getOpcode() == BO_SubAssign;
      } else if (B->getOpcode() == BO_Assign) {
        if (const auto *R = dyn_cast<BinaryOperator>(B->getRHS()->IgnoreParens())) {
          if (R->getOpcode() == BO_Add && varOf(R->getLHS()) == L.Var)
            L.StepExpr = R->getRHS();
          else if (R->getOpcode() == BO_Add && varOf(R->getRHS()) == L.Var)
            L.StepExpr = R->getLHS();
          else if (R->getOpcode() == BO_Sub && varOf(R->getLHS()) == L.Var) {
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

/// The loop as written under any unroll directives (which parade leaves
/// out, so that the loop directive applies to the loop itself).
const Stmt *sourceLoop(const Stmt *S) {
  while (const auto *U = dyn_cast_or_null<OMPUnrollDirective>(S))
    S = directiveBody(U);
  return S;
}

/// Whether @p E names @p Var.
bool mentions(const Expr *E, const VarDecl *Var) {
  class Uses : public RecursiveASTVisitor<Uses> {
  public:
    const VarDecl *Var;
    bool Found = false;
    bool VisitDeclRefExpr(DeclRefExpr *Ref) {
      Found |= Ref->getDecl() == Var;
      return true;
    }
  } U;
  U.Var = Var;
  U.TraverseStmt(const_cast<Expr *>(E));
  return U.Found;
}

} // namespace

/// The loops a loop directive applies to: collapse(n) takes n perfectly
/// nested canonical loops whose bounds do not depend on each other (with
/// @p NonRectangular, a bound may name outer loop variables). Sema
/// has already checked the nest: the walk is its own (doForAllLoops), the
/// loop variables are its counters, and a bound that depends on an outer
/// loop variable is one of its dependent counters.
std::vector<CanonicalLoop> collapsedLoops(Translation &T, const OMPExecutableDirective *D,
                                          bool NonRectangular) {
  std::optional<unsigned> Depth = collapseDepth(D, T.Ctx);
  if (!Depth) {
    T.error(clause<OMPCollapseClause>(D)->getBeginLoc(), "collapse needs a positive constant");
    return {};
  }
  const auto *LD = dyn_cast<OMPLoopDirective>(D);
  std::vector<CanonicalLoop> Loops;
  bool Failed = false;
  llvm::DenseSet<const VarDecl *> InterveningDecls;
  OMPLoopBasedDirective::doForAllLoops(
      sourceLoop(directiveBody(D)), /*TryImperfectlyNestedLoops=*/true, *Depth,
      [&](unsigned K, const Stmt *S) {
        if (K > 0 && !isa<ForStmt>(S)) {
          T.error(S->getBeginLoc(), "collapsed loops must be nested for loops");
          Failed = true;
          return true;
        }
        // Intervening code: the loop is a statement of the outer loop's
        // block (Sema found it there, alone among loops).
        const CompoundStmt *Around = nullptr;
        if (K > 0 && Loops.size() == K && Loops.back().Body != S) {
          Around = dyn_cast<CompoundStmt>(Loops.back().Body);
          if (!Around || llvm::find(Around->body(), S) == Around->body_end()) {
            T.error(S->getBeginLoc(), "a collapsed loop must be a statement of the block of "
                                      "the loop around it");
            Failed = true;
            return true;
          }
          // It runs with each iteration of the collapsed loop: declarations
          // and statements without side effects only, whose repetition
          // cannot change the result.
          // The loops' bounds are computed before the nest, where what it
          // declares does not exist; nor may it declare a loop variable.
          llvm::DenseSet<const VarDecl *> Declared;
          bool Bad = false;
          for (const Stmt *Code : Around->body()) {
            if (Code == S || isa<NullStmt>(Code))
              continue;
            if (const auto *DS = dyn_cast<DeclStmt>(Code)) {
              for (const Decl *Dc : DS->decls())
                if (const auto *V = dyn_cast<VarDecl>(Dc)) {
                  Declared.insert(V);
                  Bad |= V->getInit() && V->getInit()->HasSideEffects(T.Ctx);
                }
              if (!Bad)
                continue;
            } else if (const auto *E = dyn_cast<Expr>(Code); E && !E->HasSideEffects(T.Ctx)) {
              continue;
            }
            T.error(Code->getBeginLoc(),
                    "intervening code of collapsed loops may only declare variables in parade "
                    "(it runs with each iteration of the collapsed loop)");
            Failed = true;
            return true;
          }
          InterveningDecls.insert(Declared.begin(), Declared.end());
        }
        std::optional<CanonicalLoop> L = canonicalLoop(T, S);
        if (!L) {
          Failed = true;
          return true; // stop
        }
        bool NamesIntervening = InterveningDecls.count(L->Var);
        for (const VarDecl *V : InterveningDecls)
          NamesIntervening |= mentions(L->Lower, V) || mentions(L->Upper, V) ||
                              (L->StepExpr && mentions(L->StepExpr, V));
        if (NamesIntervening) {
          T.error(S->getBeginLoc(), "a collapsed loop whose variable or bounds are declared in "
                                    "intervening code is not supported by parade");
          Failed = true;
          return true;
        }
        const Expr *Counter = LD && K < LD->counters().size() ? LD->counters()[K] : nullptr;
        // (An unrolled loop's counter is Sema's own, of the loop it makes.)
        const VarDecl *SemaVar = Counter ? varOf(Counter) : nullptr;
        if (SemaVar && !SemaVar->isImplicit() && SemaVar != L->Var) {
          T.error(S->getBeginLoc(), "internal error: the loop variable read here is not the "
                                    "one Sema found");
          Failed = true;
          return true;
        }
        bool Dependent = LD && K < LD->dependent_counters().size() && LD->dependent_counters()[K];
        // Sema marks only the bounds it accepts as non-rectangular (an
        // outer variable times a factor, plus an offset); a bound such as
        // `nodes[t].starting` names `t` unmarked (a loop transformation,
        // tile, has no marks at all).
        for (const CanonicalLoop &Outer : Loops)
          Dependent |= mentions(L->Lower, Outer.Var) || mentions(L->Upper, Outer.Var);
        // Sema allows a step that names an outer loop variable; the
        // iteration count of the nest would not be a product either.
        bool StepDependent = false;
        for (const CanonicalLoop &Outer : Loops)
          StepDependent |= L->StepExpr && mentions(L->StepExpr, Outer.Var);
        bool Integers = !L->Var->getType()->isPointerType();
        for (const CanonicalLoop &Outer : Loops)
          Integers &= !Outer.Var->getType()->isPointerType();
        if (Dependent && !StepDependent && NonRectangular && Integers) {
          L->BoundsNameOuter = true; // IterationSpace counts each outer iteration's
        } else if (Dependent || StepDependent) {
          T.error(S->getBeginLoc(),
                  NonRectangular
                      ? "collapsed loops whose bounds depend on an outer loop variable are "
                        "supported by parade for loops of integers whose bounds (not steps) "
                        "name the outer variables"
                      : "collapsed loops whose bounds depend on an outer loop variable are not "
                        "supported by parade on '" +
                            directiveName(D) + "'");
          Failed = true;
          return true;
        }
        L->Around = Around;
        Loops.push_back(*L);
        return false;
      },
      [&](const OMPLoopTransformationDirective *Inner) {
        if (!Failed)
          T.error(Inner->getBeginLoc(), "a loop transformation inside a collapsed loop nest is "
                                        "not supported by parade");
        Failed = true;
      });
  if (Failed)
    return {};
  if (Loops.size() != *Depth) {
    T.error(D->getBeginLoc(), "collapsed loops must be perfectly nested");
    return {};
  }
  return Loops;
}

bool hasInterveningCode(const std::vector<CanonicalLoop> &Loops) {
  // A block that holds the loop alone (`for (...) { for (...) ... }`) is
  // perfectly nested.
  for (const CanonicalLoop &L : Loops)
    if (L.Around && llvm::any_of(L.Around->body(),
                                 [&](const Stmt *S) { return S != L.For && !isa<NullStmt>(S); }))
      return true;
  return false;
}

/// The text of a loop body whose braces come from macros that also write
/// the loop's header and end (`SWEEP_START(...) stmts SWEEP_END`, lbm):
/// the statements between the two macro invocations, in braces; empty if
/// the macros write more than the braces there.
static std::string bracedByMacros(Translation &T, const CompoundStmt *CS) {
  SourceLocation L = CS->getLBracLoc(), R = CS->getRBracLoc();
  if (!L.isMacroID() && !R.isMacroID())
    return "";
  SourceLocation From = L.isMacroID()
                            ? Lexer::getLocForEndOfToken(T.SM.getExpansionRange(L).getEnd(), 0,
                                                         T.SM, T.Ctx.getLangOpts())
                            : L.getLocWithOffset(1);
  SourceLocation To = R.isMacroID() ? T.SM.getExpansionRange(R).getBegin() : R;
  if (From.isInvalid() || To.isInvalid() || !T.SM.isInMainFile(From) ||
      T.SM.getFileID(From) != T.SM.getFileID(To) || T.SM.isBeforeInTranslationUnit(To, From))
    return "";
  // Every statement lies between the two invocations.
  for (const Stmt *S : CS->body())
    if (T.SM.isBeforeInTranslationUnit(T.SM.getExpansionLoc(S->getBeginLoc()), From) ||
        !T.SM.isBeforeInTranslationUnit(T.SM.getExpansionLoc(S->getEndLoc()), To))
      return "";
  return "{" + T.textWithLines(From, To) + "\n}";
}

std::string nestBody(ConstructContext &C, const std::vector<CanonicalLoop> &Loops) {
  Translation &T = C.T;
  const auto *Braced = dyn_cast<CompoundStmt>(Loops.back().Body);
  std::string Text = Braced ? bracedByMacros(T, Braced) : "";
  if (Text.empty())
    Text = C.stmtText(Loops.back().Body);
  for (size_t K = Loops.size(); K-- > 1;) {
    const CanonicalLoop &L = Loops[K];
    if (!L.Around)
      continue;
    std::string Before =
        T.textWithLines(L.Around->getLBracLoc().getLocWithOffset(1), L.For->getBeginLoc());
    std::string After = T.textWithLines(T.endOf(L.For), L.Around->getRBracLoc());
    Text = "{" + Before + "\n" + Text + "\n" + After + "}";
  }
  return Text;
}

static std::vector<const ForStmt *> loopsTo(const OMPExecutableDirective *D, unsigned Depth) {
  std::vector<const ForStmt *> Fors;
  const Stmt *Body = sourceLoop(directiveBody(D));
  if (!Body)
    return Fors;
  OMPLoopBasedDirective::doForAllLoops(Body, /*TryImperfectlyNestedLoops=*/false, Depth,
                                       [&](unsigned, const Stmt *S) {
                                         const auto *For = dyn_cast<ForStmt>(S);
                                         if (For)
                                           Fors.push_back(For);
                                         return For == nullptr; // stop at a non-for
                                       });
  return Fors;
}

std::vector<const ForStmt *> nestedLoops(const OMPExecutableDirective *D, ASTContext &Ctx) {
  return loopsTo(D, collapseDepth(D, Ctx).value_or(1));
}

std::vector<const ForStmt *> associatedLoops(const OMPExecutableDirective *D, ASTContext &Ctx) {
  unsigned Depth = collapseDepth(D, Ctx).value_or(1);
  if (const auto *Ordered = clause<OMPOrderedClause>(D))
    if (const Expr *N = Ordered->getNumForLoops())
      if (std::optional<llvm::APSInt> V = N->getIntegerConstantExpr(Ctx))
        Depth = std::max<unsigned>(Depth, V->getZExtValue());
  return loopsTo(D, Depth);
}

const VarDecl *initVar(const ForStmt *For) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()))
    return DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(For->getInit()))
    return varOf(B->getLHS());
  return nullptr;
}

} // namespace parade
