//===- ThreadPrivateLocals.cpp - threadprivate static locals --------------===//
#include "ThreadPrivateLocals.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace parade {

namespace {

/// The threadprivate directives inside function bodies, with the function
/// at file scope that holds each.
class Finder : public RecursiveASTVisitor<Finder> {
public:
  explicit Finder(Translation &T) : T(T) {}
  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || !T.inMainFile(F->getLocation()))
      return true;
    const FunctionDecl *Outer = Function;
    if (!Outer)
      Function = F;
    bool Ok = RecursiveASTVisitor::TraverseFunctionDecl(F);
    Function = Outer;
    return Ok;
  }
  bool VisitOMPThreadPrivateDecl(OMPThreadPrivateDecl *D) {
    if (Function && T.inMainFile(D->getLocation()))
      Found.push_back({D, Function});
    return true;
  }
  std::vector<std::pair<OMPThreadPrivateDecl *, const FunctionDecl *>> Found;

private:
  Translation &T;
  const FunctionDecl *Function = nullptr;
};

std::vector<const VarDecl *> namedLocals(const OMPThreadPrivateDecl *D) {
  std::vector<const VarDecl *> Out;
  for (const Expr *E : D->varlists())
    if (const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(R->getDecl()))
        if (V->isStaticLocal())
          Out.push_back(V);
  return Out;
}

} // namespace

void renameThreadPrivateLocals(Translation &T, TranslationUnitDecl *TU) {
  Finder F(T);
  F.TraverseDecl(TU);
  for (auto [D, Function] : F.Found)
    for (const VarDecl *V : namedLocals(D))
      if (!T.Renamed.count(V->getCanonicalDecl()))
        T.Renamed[V->getCanonicalDecl()] = "parade_tp_" + Function->getName().str() + "_" +
                                           V->getName().str() + "_" + std::to_string(T.fresh());
}

void hoistThreadPrivateLocals(Translation &T, TranslationUnitDecl *TU) {
  Finder F(T);
  F.TraverseDecl(TU);
  llvm::DenseSet<const VarDecl *> Done;
  for (auto [D, Function] : F.Found) {
    for (const VarDecl *V : namedLocals(D)) {
      if (!Done.insert(V->getCanonicalDecl()).second)
        continue;
      const std::string &Name = T.Renamed.lookup(V->getCanonicalDecl());
      if (V->getBeginLoc().isMacroID() || V->getLocation().isMacroID()) {
        T.expandInvocation(V->getBeginLoc());
        T.expandInvocation(V->getLocation());
        T.error(V->getLocation(), "a threadprivate static local declared by a macro is not "
                                  "supported by parade");
        continue;
      }
      // Its declaration statement must declare it alone: the statement
      // goes, and the variable is declared again at file scope.
      const DeclStmt *Stmt = nullptr;
      for (const DynTypedNode &P : T.Ctx.getParents(*V))
        Stmt = P.get<DeclStmt>();
      if (!Stmt || !Stmt->isSingleDecl()) {
        T.error(V->getLocation(), "a threadprivate static local declared together with other "
                                  "variables is not supported by parade; declare it alone");
        continue;
      }
      std::string Text = "static __thread " + T.declare(V->getType(), Name);
      if (const Expr *Init = V->getInit())
        Text += " = " + T.text(Init->getSourceRange());
      Text += ";\n";
      T.replace(
          CharSourceRange::getCharRange(Stmt->getBeginLoc(), Stmt->getEndLoc().getLocWithOffset(1)),
          "/* static " + V->getName().str() + ": thread-local " + Name + " */");
      // Before the function, in source order with the types it hoists: a
      // static of a type the function declares follows that type.
      T.holdBeforeFunction(Function->getBeginLoc(), V->getLocation(), Text);
    }
    // The directive's line.
    SourceLocation Begin = T.SM.getExpansionLoc(D->getBeginLoc());
    T.insert(T.SM.translateLineCol(T.SM.getMainFileID(), T.SM.getExpansionLineNumber(Begin), 1),
             "//", /*After=*/false);
  }
}

} // namespace parade
