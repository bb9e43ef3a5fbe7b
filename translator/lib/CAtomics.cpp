//===- CAtomics.cpp - C11 atomics and the compiler's atomic builtins ------===//
#include "CAtomics.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace parade {

namespace {

/// The builtins parade.h has a macro for, by the name the program spells.
bool hasMacro(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {"__sync_fetch_and_add",
                                          "__sync_fetch_and_sub",
                                          "__sync_fetch_and_or",
                                          "__sync_fetch_and_and",
                                          "__sync_fetch_and_xor",
                                          "__sync_fetch_and_nand",
                                          "__sync_add_and_fetch",
                                          "__sync_sub_and_fetch",
                                          "__sync_or_and_fetch",
                                          "__sync_and_and_fetch",
                                          "__sync_xor_and_fetch",
                                          "__sync_nand_and_fetch",
                                          "__sync_lock_test_and_set",
                                          "__sync_lock_release",
                                          "__sync_bool_compare_and_swap",
                                          "__sync_val_compare_and_swap",
                                          "__sync_synchronize",
                                          "__atomic_fetch_add",
                                          "__atomic_fetch_sub",
                                          "__atomic_fetch_or",
                                          "__atomic_fetch_and",
                                          "__atomic_fetch_xor",
                                          "__atomic_fetch_nand",
                                          "__atomic_add_fetch",
                                          "__atomic_sub_fetch",
                                          "__atomic_or_fetch",
                                          "__atomic_and_fetch",
                                          "__atomic_xor_fetch",
                                          "__atomic_nand_fetch",
                                          "__atomic_exchange_n",
                                          "__atomic_store_n",
                                          "__atomic_load_n",
                                          "__atomic_load",
                                          "__atomic_store",
                                          "__atomic_exchange",
                                          "__atomic_compare_exchange_n",
                                          "__atomic_compare_exchange",
                                          "__atomic_test_and_set",
                                          "__atomic_clear",
                                          "__atomic_thread_fence"};
  return Names.contains(Name);
}

/// Builtins that only ask or order the compiler: they stay as they are.
bool staysAsIs(llvm::StringRef Name) {
  return Name == "__atomic_always_lock_free" || Name == "__atomic_is_lock_free" ||
         Name == "__atomic_signal_fence" || Name == "__sync_swap";
}

/// Arithmetic builtins, which do not scale a pointer operand.
bool isArithmetic(llvm::StringRef Name) {
  for (llvm::StringRef Op : {"add", "sub", "or", "and", "xor", "nand"})
    if (Name.ends_with("_fetch_and_" + Op.str()) || Name.ends_with("_" + Op.str() + "_and_fetch") ||
        Name.ends_with("_fetch_" + Op.str()) || Name.ends_with("_" + Op.str() + "_fetch"))
      return true;
  return false;
}

class Finder : public RecursiveASTVisitor<Finder> {
public:
  Finder(Translation &T, bool Rewrite) : T(T), Rewrite(Rewrite) {}

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || !T.inMainFile(F->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseFunctionDecl(F);
  }
  bool VisitAtomicExpr(AtomicExpr *E) {
    builtin(E->getBuiltinLoc(), E->getPtr()->getType()->getPointeeType());
    return true;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    if (!F || !F->getBuiltinID())
      return true;
    llvm::StringRef Name = F->getName();
    if (!Name.starts_with("__sync_") && !Name.starts_with("__atomic_") &&
        !Name.starts_with("__c11_atomic_"))
      return true;
    QualType Pointee;
    if (C->getNumArgs() > 0)
      Pointee = C->getArg(0)->IgnoreParenImpCasts()->getType()->getPointeeType();
    builtin(C->getCallee()->IgnoreParenImpCasts()->getBeginLoc(), Pointee);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    if (!Rewrite && V && V->getType()->isAtomicType() && Reported.insert(V).second)
      refuse(R->getBeginLoc(), "_Atomic variable '" + V->getName().str() + "'");
    return true;
  }

private:
  Translation &T;
  bool Rewrite;
  llvm::DenseSet<const VarDecl *> Reported;
  llvm::DenseSet<unsigned> Renamed; ///< spelling locations already renamed

  void refuse(SourceLocation Loc, const std::string &What) {
    T.error(Loc, What + " is not supported by parade: it is atomic among the threads of one "
                        "node only. Use '#pragma omp atomic' (or a critical) instead");
  }

  /// The builtin whose name is spelled at @p Loc, on an object of type
  /// @p Pointee: renamed (Rewrite), or refused with the reason.
  void builtin(SourceLocation Loc, QualType Pointee) {
    SourceLocation Spelled = T.SM.getSpellingLoc(Loc);
    unsigned Length = Lexer::MeasureTokenLength(Spelled, T.SM, T.Ctx.getLangOpts());
    llvm::StringRef Name(T.SM.getCharacterData(Spelled), Length);
    if (staysAsIs(Name))
      return;
    if (Name.starts_with("__c11_atomic_") || (!Pointee.isNull() && Pointee->isAtomicType())) {
      if (!Rewrite)
        refuse(Loc, "this C11 atomic operation");
      return;
    }
    if (Rewrite) {
      if (Renamed.insert(Spelled.getRawEncoding()).second)
        T.replace(Spelled, Length,
                  "parade_" + Name.drop_front(2).str()); // __sync_x -> parade_sync_x
      return;
    }
    if (!hasMacro(Name))
      return refuse(Loc, "the builtin '" + Name.str() + "'");
    if (!T.SM.isInMainFile(Spelled)) {
      T.expandInvocation(Loc);
      return refuse(Loc, "'" + Name.str() + "' spelled in a macro of a header");
    }
    if (!Pointee.isNull() && Pointee->isPointerType() && isArithmetic(Name))
      T.error(Loc, "'" + Name.str() +
                       "' on a pointer is not supported by parade (the "
                       "builtin adds bytes, not elements); use an integer type");
  }
};

} // namespace

void refuseCAtomics(Translation &T, TranslationUnitDecl *TU) {
  Finder(T, /*Rewrite=*/false).TraverseDecl(TU);
}

void rewriteAtomicBuiltins(Translation &T, TranslationUnitDecl *TU) {
  if (!T.failed())
    Finder(T, /*Rewrite=*/true).TraverseDecl(TU);
}

} // namespace parade
