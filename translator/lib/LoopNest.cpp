//===- LoopNest.cpp - Loops in OpenMP canonical form ----------------------===//
#include "LoopNest.h"

#include "AstUtil.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"

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

} // namespace

/// The loops a loop directive applies to: collapse(n) takes n perfectly
/// nested canonical loops whose bounds do not depend on each other.
std::vector<CanonicalLoop> collapsedLoops(Translation &T, const OMPExecutableDirective *D) {
  std::optional<unsigned> Depth = collapseDepth(D, T.Ctx);
  if (!Depth) {
    T.error(clause<OMPCollapseClause>(D)->getBeginLoc(), "collapse needs a positive constant");
    return {};
  }
  std::vector<CanonicalLoop> Loops;
  const Stmt *S = directiveBody(D);
  for (unsigned K = 0; K < *Depth; K++) {
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

std::vector<const ForStmt *> nestedLoops(const OMPExecutableDirective *D, ASTContext &Ctx) {
  std::vector<const ForStmt *> Fors;
  const Stmt *Cur = directiveBody(D);
  unsigned Depth = collapseDepth(D, Ctx).value_or(1);
  for (unsigned K = 0; K < Depth && Cur; K++) {
    while (const auto *CS = dyn_cast_or_null<CompoundStmt>(Cur))
      Cur = CS->size() == 1 ? CS->body_front() : nullptr;
    const auto *For = dyn_cast_or_null<ForStmt>(Cur);
    if (!For)
      break;
    Fors.push_back(For);
    Cur = For->getBody();
  }
  return Fors;
}

const VarDecl *initVar(const ForStmt *For) {
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(For->getInit()))
    return DS->isSingleDecl() ? dyn_cast<VarDecl>(DS->getSingleDecl()) : nullptr;
  if (const auto *B = dyn_cast_or_null<BinaryOperator>(For->getInit()))
    return varOf(B->getLHS());
  return nullptr;
}

} // namespace parade
