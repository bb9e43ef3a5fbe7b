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
    if (!Base || !Variant || Base == Variant || !T.inMainFile(E->getBeginLoc()))
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
  size_t LineStart = 0;
  while (LineStart < Text.size()) {
    size_t End = Text.find('\n', LineStart);
    StringRef Line = Text.slice(LineStart, End == StringRef::npos ? Text.size() : End);
    // A pragma line (its continuations joined by blanks are enough here).
    SmallVector<StringRef, 8> Words;
    Line.split(Words, ' ', -1, false);
    std::vector<std::string> Tokens;
    for (StringRef W : Words)
      for (StringRef Part : llvm::split(W, '\t'))
        if (!Part.empty() && Part != "\\")
          Tokens.push_back(Part.str());
    bool Pragma = Tokens.size() >= 5 &&
                  (Tokens[0] == "#pragma" || (Tokens[0] == "#" && Tokens[1] == "pragma"));
    if (Pragma) {
      size_t K = Tokens[0] == "#" ? 2 : 1;
      if (K + 3 < Tokens.size() + 0 && Tokens[K] == "omp" && Tokens[K + 1] == "begin" &&
          Tokens[K + 2] == "declare" && Tokens[K + 3].rfind("variant", 0) == 0) {
        T.error(T.SM.getLocForStartOfFile(Main).getLocWithOffset(LineStart),
                "'begin declare variant' is not supported by parade (use the declare variant "
                "directive on a function)");
        return;
      }
    }
    if (End == StringRef::npos)
      break;
    LineStart = End + 1;
  }
  VariantCalls(T).TraverseDecl(TU);
}

} // namespace parade
