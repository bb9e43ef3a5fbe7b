//===- RegisterVariables.cpp - `register` where the translation needs & ---===//
#include "RegisterVariables.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace parade {

namespace {

class Finder : public RecursiveASTVisitor<Finder> {
public:
  bool HasDirective = false;
  std::vector<const VarDecl *> Register;
  bool VisitOMPExecutableDirective(OMPExecutableDirective *) {
    HasDirective = true;
    return true;
  }
  bool VisitVarDecl(VarDecl *V) {
    if (V->getStorageClass() == SC_Register)
      Register.push_back(V);
    return true;
  }
  /// Declarations that declare a pooled variable are written anew.
  llvm::DenseSet<const VarDecl *> Rewritten;
  Translation *T = nullptr;
  bool VisitDeclStmt(DeclStmt *S) {
    bool Pooled = false;
    for (const Decl *D : S->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        Pooled |= T->Pooled.count(V->getCanonicalDecl()) > 0;
    if (Pooled)
      for (const Decl *D : S->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          Rewritten.insert(V);
    return true;
  }
};

} // namespace

void dropRegister(Translation &T, TranslationUnitDecl *TU) {
  for (Decl *D : TU->decls()) {
    auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->hasBody() || !T.inMainFile(F->getLocation()))
      continue;
    Finder Find;
    Find.T = &T;
    Find.TraverseDecl(F);
    if (!Find.HasDirective)
      continue;
    // The declarators of one declaration (`register int i, j;`) share
    // their specifiers: the keyword goes once.
    llvm::DenseSet<unsigned> Done;
    for (const VarDecl *V : Find.Register) {
      // A declaration with a pooled variable was written anew, without it.
      if (Find.Rewritten.count(V))
        continue;
      // The keyword is among the declaration's specifiers, before its name.
      SourceLocation Loc = V->getBeginLoc(), End = V->getLocation();
      if (Loc.isMacroID() || End.isMacroID())
        continue;
      while (Loc.isValid() && T.SM.isBeforeInTranslationUnit(Loc, End)) {
        Token Tok;
        if (Lexer::getRawToken(Loc, Tok, T.SM, T.Ctx.getLangOpts(), true))
          break;
        if (Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == "register") {
          if (Done.insert(Loc.getRawEncoding()).second)
            T.replace(Loc, Tok.getLength(), "");
          break;
        }
        std::optional<Token> Next = Lexer::findNextToken(Loc, T.SM, T.Ctx.getLangOpts());
        if (!Next)
          break;
        Loc = Next->getLocation();
      }
    }
  }
}

} // namespace parade
