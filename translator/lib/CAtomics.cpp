//===- CAtomics.cpp - C11 atomics and the compiler's atomic builtins ------===//
#include "CAtomics.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"

using namespace clang;

namespace parade {

namespace {

class Finder : public RecursiveASTVisitor<Finder> {
public:
  explicit Finder(Translation &T) : T(T) {}

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || !T.inMainFile(F->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseFunctionDecl(F);
  }
  bool VisitAtomicExpr(AtomicExpr *E) {
    refuse(E->getBeginLoc(), "this C11 atomic operation (or __atomic builtin)");
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F || !F->getBuiltinID())
      return true;
    llvm::StringRef Name = F->getName();
    // Sema calls __sync_fetch_and_add by its sized name
    // (__sync_fetch_and_add_4): the program's name is without the size.
    for (llvm::StringRef Size : {"_1", "_2", "_4", "_8", "_16"})
      if (Name.starts_with("__sync_") && Name.ends_with(Size)) {
        Name = Name.drop_back(Size.size());
        break;
      }
    if (Name.starts_with("__sync_") || Name.starts_with("__atomic_") ||
        Name.starts_with("__c11_atomic_"))
      refuse(C->getBeginLoc(), "'" + Name.str() + "'");
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    if (V && V->getType()->isAtomicType() && Reported.insert(V).second)
      refuse(R->getBeginLoc(), "_Atomic variable '" + V->getName().str() + "'");
    return true;
  }

private:
  Translation &T;
  llvm::DenseSet<const VarDecl *> Reported;

  void refuse(SourceLocation Loc, const std::string &What) {
    T.error(Loc, What + " is not supported by parade: it is atomic among the threads of one "
                        "node only. Use '#pragma omp atomic' (or a critical) instead");
  }
};

} // namespace

void refuseCAtomics(Translation &T, TranslationUnitDecl *TU) { Finder(T).TraverseDecl(TU); }

} // namespace parade
