//===- VolatileAccesses.cpp - volatile objects as flags between nodes -----===//
#include "VolatileAccesses.h"

#include "AstUtil.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace parade {

bool sharedVolatile(Translation &T, const Expr *E) {
  QualType Ty = E->getType();
  if (!Ty.isVolatileQualified() || !T.inMainFile(E->getBeginLoc()))
    return false;
  for (QualType Q = Ty; const auto *TD = Q->getAs<TypedefType>();
       Q = TD->getDecl()->getUnderlyingType())
    if (TD->getDecl()->getName() == "sig_atomic_t")
      return false;
  // Through a pointer it may be anything.
  const VarDecl *V = objectVar(E);
  return !V || sharedVariable(T, V);
}

bool sharedVariable(Translation &T, const VarDecl *V) {
  if (V->getTLSKind() != VarDecl::TLS_None || V->hasAttr<OMPThreadPrivateDeclAttr>())
    return false;
  // A local in the pool is shared; one that stayed on the stack is not.
  return !V->hasLocalStorage() || T.Pooled.count(V->getCanonicalDecl());
}

namespace {

class Accesses : public RecursiveASTVisitor<Accesses> {
public:
  explicit Accesses(Translation &T) : T(T) {}

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || !T.inMainFile(F->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseFunctionDecl(F);
  }
  /// An atomic's accesses synchronise already.
  bool TraverseOMPAtomicDirective(OMPAtomicDirective *) { return true; }

  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue && sharedVolatile(T, C->getSubExpr()))
      wrap(C->getSubExpr(), "(parade_flush(), ", ")");
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp() && sharedVolatile(T, B->getLHS()))
      written(B, B->isCompoundAssignmentOp());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() && sharedVolatile(T, U->getSubExpr()))
      written(U, /*Reads=*/true);
    return true;
  }

private:
  Translation &T;
  llvm::DenseSet<const Stmt *> Done;

  /// A write to a volatile object (@p Reads: that reads it first). The
  /// release before it sends the writes made ahead of it home first: a
  /// flag on a page its writer is home of is seen at once (FlagHandoffs.h).
  void written(const Expr *E, bool Reads) {
    wrap(E,
         std::string("__extension__({ ") + (Reads ? "parade_flush(); " : "parade_release(); ") +
             "__auto_type parade_vw_ = (",
         "); parade_flush(); parade_vw_; })");
  }

  void wrap(const Expr *E, const std::string &Before, const std::string &After) {
    if (!Done.insert(E).second)
      return;
    auto FileRange = [&](const Expr *X) {
      return Lexer::makeFileCharRange(CharSourceRange::getTokenRange(X->getSourceRange()), T.SM,
                                      T.Ctx.getLangOpts());
    };
    CharSourceRange Range = FileRange(E);
    // A macro's parentheses around its argument: the argument's text.
    if (Range.isInvalid() && E->IgnoreParens() != E)
      Range = FileRange(E->IgnoreParens());
    // On a directive's line the directive's translation owns the text.
    if (Range.isInvalid() || T.pragmaStart(Range.getBegin()) != Range.getBegin()) {
      T.remark(E->getBeginLoc(), "this access to a volatile object is not a flush (it is in a "
                                 "macro or a directive): another node's write to it is seen "
                                 "only at the next synchronisation");
      return;
    }
    T.insert(Range.getBegin(), Before, /*After=*/false);
    T.insert(Range.getEnd(), After, /*After=*/true);
  }
};

} // namespace

void rewriteVolatileAccesses(Translation &T, TranslationUnitDecl *TU) {
  if (!T.failed())
    Accesses(T).TraverseDecl(TU);
}

} // namespace parade
