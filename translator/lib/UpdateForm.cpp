//===- UpdateForm.cpp - The update a critical or atomic block performs ---===//
#include "UpdateForm.h"

#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace parade {

namespace {

const char *const NotAnUpdate = "the block is not a sequence of updates of shared scalars";
const char *const NoCollectiveForm = "the update's operator has no collective form";
const char *const NotOfTheVariable =
    "the block assigns a value that is not an update of the variable";

bool commutes(BinaryOperatorKind K) {
  return K == BO_Add || K == BO_Mul || K == BO_And || K == BO_Or || K == BO_Xor || K == BO_LAnd ||
         K == BO_LOr;
}

/// The runtime operator of C operator @p K (x - e is a sum of -e); false
/// for an operator with none.
bool setOperator(BinaryOperatorKind K, Update &U) {
  switch (K) {
  case BO_Add: U.Op = "PARADE_OP_SUM"; return true;
  case BO_Sub:
    U.Op = "PARADE_OP_SUM";
    U.Negate = true;
    return true;
  case BO_Mul: U.Op = "PARADE_OP_PROD"; return true;
  case BO_And: U.Op = "PARADE_OP_BAND"; return true;
  case BO_Or: U.Op = "PARADE_OP_BOR"; return true;
  case BO_Xor: U.Op = "PARADE_OP_BXOR"; return true;
  case BO_LAnd: U.Op = "PARADE_OP_LAND"; return true;
  case BO_LOr: U.Op = "PARADE_OP_LOR"; return true;
  default: return false;
  }
}

// The update forms, from named pieces. The bound names: "target" is x as
// written, "value" is e, "op" the operator node, "x" the variable.
auto incDec() {
  return unaryOperator(hasAnyOperatorName("++", "--"), hasUnaryOperand(expr().bind("target")))
      .bind("op");
}
auto compoundUpdate() {
  return binaryOperator(
             hasAnyOperatorName("+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="),
             hasLHS(expr().bind("target")), hasRHS(expr().bind("value")))
      .bind("op");
}
auto namedVariable() { return ignoringParenImpCasts(declRefExpr(to(varDecl().bind("x")))); }
auto sameVariable() {
  return ignoringParenImpCasts(declRefExpr(to(varDecl(equalsBoundNode("x")))));
}
/// x = x op e, x = e op x: which side x is on is decided after matching.
auto rewriteUpdate() {
  return binaryOperator(
      hasOperatorName("="), hasLHS(expr(namedVariable()).bind("target")),
      hasRHS(ignoringParenImpCasts(
          binaryOperator(anyOf(hasLHS(sameVariable()), hasRHS(sameVariable()))).bind("inner"))));
}
/// x = anything else, where x is a variable or not.
auto otherAssignment() { return binaryOperator(hasOperatorName("=")).bind("assign"); }

} // namespace

std::optional<Update> atomicUpdate(const OMPAtomicDirective *A, std::string &Why) {
  const Expr *X = A->getX(), *E = A->getExpr(), *UE = A->getUpdateExpr();
  const auto *B = UE ? dyn_cast<BinaryOperator>(UE->IgnoreImpCasts()) : nullptr;
  if (!X || !E || !B) {
    Why = NotAnUpdate;
    return std::nullopt;
  }
  Update U;
  U.Target = X;
  BinaryOperatorKind K = B->getOpcode();
  if (!A->isXLHSInRHSPart() && !commutes(K)) {
    Why = NotOfTheVariable;
    return std::nullopt;
  }
  if (!setOperator(K, U)) {
    Why = NoCollectiveForm;
    return std::nullopt;
  }
  // For x++ and x-- Sema made up the 1 it adds (at the operator's
  // location, so it has no text of its own).
  const Stmt *Body = A->getAssociatedStmt();
  if (const auto *CS = dyn_cast_or_null<CapturedStmt>(Body))
    Body = CS->getCapturedStmt();
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(Body); Block && Block->size() == 1)
    Body = Block->body_front();
  const auto *BodyExpr = dyn_cast_or_null<Expr>(Body);
  if (const auto *Un =
          BodyExpr ? dyn_cast<UnaryOperator>(BodyExpr->IgnoreParenImpCasts()) : nullptr;
      Un && Un->isIncrementDecrementOp()) {
    U.Step = U.Negate ? -1 : 1;
    U.Negate = false;
    return U;
  }
  U.Value = E;
  return U;
}

std::optional<Update> statementUpdate(const Stmt *S, ASTContext &Ctx, std::string &Why) {
  auto Reject = [&](const char *Reason) -> std::optional<Update> {
    Why = Reason;
    return std::nullopt;
  };
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return Reject(NotAnUpdate);
  E = E->IgnoreParenImpCasts();
  auto Matches =
      match(expr(anyOf(incDec(), compoundUpdate(), rewriteUpdate(), otherAssignment())), *E, Ctx);
  if (Matches.empty())
    return Reject(NotAnUpdate);
  const BoundNodes &N = Matches.front();
  Update U;
  U.Target = N.getNodeAs<Expr>("target");
  if (const auto *Un = N.getNodeAs<UnaryOperator>("op")) {
    U.Op = "PARADE_OP_SUM";
    U.Step = Un->isIncrementOp() ? 1 : -1;
    return U;
  }
  if (const auto *CA = N.getNodeAs<CompoundAssignOperator>("op")) {
    U.Value = N.getNodeAs<Expr>("value");
    if (!setOperator(BinaryOperator::getOpForCompoundAssignment(CA->getOpcode()), U))
      return Reject(NoCollectiveForm);
    return U;
  }
  const auto *Inner = N.getNodeAs<BinaryOperator>("inner");
  if (!Inner)
    return Reject(NotOfTheVariable); // an assignment that is no update
  const VarDecl *X = N.getNodeAs<VarDecl>("x");
  auto Names = [&](const Expr *Side) {
    const auto *R = dyn_cast<DeclRefExpr>(Side->IgnoreParenImpCasts());
    return R && R->getDecl() == X;
  };
  BinaryOperatorKind K = Inner->getOpcode();
  if (Names(Inner->getLHS()))
    U.Value = Inner->getRHS();
  else if (commutes(K))
    U.Value = Inner->getLHS();
  else
    return Reject(NotOfTheVariable);
  if (!setOperator(K, U))
    return Reject(NoCollectiveForm);
  return U;
}

} // namespace parade
