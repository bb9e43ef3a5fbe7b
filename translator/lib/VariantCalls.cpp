//===- VariantCalls.cpp - Calls Sema resolved to a declare variant --------===//
#include "VariantCalls.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace parade {

namespace {

class VariantCalls : public RecursiveASTVisitor<VariantCalls> {
public:
  explicit VariantCalls(Translation &T) : T(T) {}

  bool VisitPseudoObjectExpr(PseudoObjectExpr *E) {
    const auto *Written = dyn_cast<CallExpr>(E->getSyntacticForm());
    const auto *Made = dyn_cast_or_null<CallExpr>(E->getResultExpr());
    if (!Written || !Made)
      return true;
    const FunctionDecl *Base = Written->getDirectCallee(), *Variant = Made->getDirectCallee();
    if (!Base || !Variant || Base == Variant ||
        !T.SM.isInMainFile(T.SM.getExpansionLoc(E->getBeginLoc())))
      return true;
    const auto *Ref = dyn_cast<DeclRefExpr>(Written->getCallee()->IgnoreParenImpCasts());
    if (!Ref || Ref->getLocation().isMacroID()) {
      T.error(Written->getBeginLoc(),
              "this call is to the declare variant '" + Variant->getName().str() + "' of '" +
                  Base->getName().str() + "', which parade cannot name here (a macro)");
      return true;
    }
    if (Made->getNumArgs() != Written->getNumArgs()) {
      T.error(Written->getBeginLoc(), "a declare variant call with appended arguments "
                                      "(append_args) is not supported by parade");
      return true;
    }
    T.remark(Written->getBeginLoc(), "call to '" + Base->getName().str() + "' is to its variant '" +
                                         Variant->getName().str() + "' here");
    T.replace(Ref->getLocation(), Base->getName().size(), Variant->getName());
    return true;
  }

private:
  Translation &T;
};

} // namespace

void rewriteVariantCalls(Translation &T, TranslationUnitDecl *TU) {
  // `begin declare variant` blocks: Sema renames the functions of a block
  // whose context matches and skips the others, which the translation
  // would still hold as written. Refused at the directive.
  FileID Main = T.SM.getMainFileID();
  StringRef Text = T.SM.getBufferData(Main);
  for (size_t At = Text.find("begin"); At != StringRef::npos; At = Text.find("begin", At + 1)) {
    StringRef Rest = Text.substr(At + 5).ltrim(" \t\\\r\n");
    if (!Rest.consume_front("declare"))
      continue;
    Rest = Rest.ltrim(" \t\\\r\n");
    if (!Rest.starts_with("variant"))
      continue;
    T.error(T.SM.getLocForStartOfFile(Main).getLocWithOffset(At),
            "begin declare variant is not supported by parade (use the declare variant "
            "directive on a function)");
    return;
  }
  VariantCalls(T).TraverseDecl(TU);
}

} // namespace parade
