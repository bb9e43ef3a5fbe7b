//===- SharedData.cpp - Shared data placement in the DSM pool ----------===//
//
// About 650 lines, one pass: where each file-scope, static and threadprivate
// variable lives and how every use of it is spelled; its helpers share the
// pass's maps, so splitting it would only spread one decision over files.
//===----------------------------------------------------------------------===//
#include "SharedData.h"

#include "AstUtil.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSet.h"

#include <map>

using namespace clang;

namespace parade {

namespace {

bool isConstData(QualType Ty, ASTContext &Ctx) {
  return Ctx.getBaseElementType(Ty).isConstQualified();
}

/// Where a use of a name can be edited: its spelling, if that is in the
/// main file (a macro argument or the body of a macro defined there).
SourceLocation editableLoc(Translation &T, SourceLocation Loc) {
  SourceLocation Spelling = T.SM.getSpellingLoc(Loc);
  return T.SM.isInMainFile(Spelling) ? Spelling : SourceLocation();
}

class StaticLocalFinder : public RecursiveASTVisitor<StaticLocalFinder> {
public:
  std::vector<VarDecl *> Found;
  bool VisitVarDecl(VarDecl *V) {
    if (V->isStaticLocal())
      Found.push_back(V);
    return true;
  }
};

std::string pointerName(Translation &T, const VarDecl *V) {
  const VarDecl *Canon = V->getCanonicalDecl();
  if (Canon->hasExternalStorage() || (Canon->isFileVarDecl() && Canon->hasExternalFormalLinkage()))
    return "parade_g_" + Canon->getName().str();
  return "parade_g_" + Canon->getName().str() + "_" + std::to_string(T.fresh());
}

} // namespace

void collectPooledGlobals(Translation &T, TranslationUnitDecl *TU) {
  StaticLocalFinder Statics;
  for (Decl *D : TU->decls())
    if (auto *F = dyn_cast<FunctionDecl>(D))
      if (F->hasBody() && T.inMainFile(F->getLocation()))
        Statics.TraverseDecl(F);
  for (VarDecl *V : Statics.Found) {
    // A static local moves to the pool, constant or not, or outlined
    // bodies could not name it.
    if (!T.inMainFile(V->getLocation()))
      continue;
    if (V->getTLSKind() != VarDecl::TLS_None || V->hasAttr<OMPThreadPrivateDeclAttr>())
      continue;
    const VarDecl *Canon = V->getCanonicalDecl();
    if (T.Pooled.count(Canon))
      continue;
    if (V->getLocation().isMacroID()) {
      T.error(V->getLocation(), "a shared static local declared by a macro is not supported");
      continue;
    }
    T.Pooled[Canon] = pointerName(T, Canon);
  }
  // A threadprivate variable that a header also declares is renamed in
  // this file (in every file that sees the directive, consistently).
  for (Decl *D : TU->decls())
    if (auto *TP = dyn_cast<OMPThreadPrivateDecl>(D))
      for (const Expr *E : TP->varlists())
        if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
          if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
            for (const VarDecl *R : V->redecls())
              if (!T.inMainFile(R->getLocation()))
                T.Renamed[V->getCanonicalDecl()] = "parade_tp_" + V->getName().str();
  // File-scope variables this file defines (in the file or a header it
  // includes) go to the DSM's sections and keep their names.
  for (Decl *D : TU->decls()) {
    auto *V = dyn_cast<VarDecl>(D);
    if (!V || !V->isFileVarDecl())
      continue;
    const VarDecl *Canon = V->getCanonicalDecl();
    if (T.SharedGlobals.count(Canon) || !T.sharedStorage(V))
      continue;
    const VarDecl *Def = V->getActingDefinition();
    if (!Def)
      Def = V->getDefinition();
    if (!Def || T.SM.isInSystemHeader(T.SM.getExpansionLoc(Def->getLocation())))
      continue;
    if (const auto *Section = Def->getAttr<SectionAttr>()) {
      T.remark(Def->getLocation(), "'" + V->getName().str() +
                                       "' stays private to each rank: it "
                                       "is placed in section '" +
                                       Section->getName().str() + "' by the program");
      continue;
    }
    T.SharedGlobals.insert(Canon);
  }
}

void placeSharedGlobals(Translation &T, TranslationUnitDecl *TU) {
  // A redeclaration at the end of the file adds the section to every
  // shared global this file defines, wherever its definition is written
  // (a header, a macro, a declaration of several variables). The extern
  // keeps the linkage of the earlier declarations, internal or external.
  std::string Text;
  llvm::DenseSet<const VarDecl *> Done;
  for (Decl *D : TU->decls()) {
    auto *V = dyn_cast<VarDecl>(D);
    if (!V || !V->isFileVarDecl() || !T.SharedGlobals.count(V->getCanonicalDecl()) ||
        !Done.insert(V->getCanonicalDecl()).second)
      continue;
    bool Initialised = V->getAnyInitializer() != nullptr;
    // -fcommon: a tentative definition of external linkage is a common
    // symbol, which other files define too (`int counter;` in a header);
    // in a named section it is a definition, and the link failed
    // ("multiple definition"). Weak, the definitions become one.
    bool Common = T.Opts.Common && !Initialised && V->hasExternalFormalLinkage() &&
                  !V->getDefinition() && V->getActingDefinition();
    Text += "extern __typeof__(" + V->getName().str() + ") " + V->getName().str() +
            (Initialised ? " PARADE_SHARED_DATA" : " PARADE_SHARED_BSS") +
            (Common ? " __attribute__((weak));\n" : ";\n");
  }
  if (!Text.empty())
    T.insert(T.SM.getLocForEndOfFile(T.SM.getMainFileID()),
             "\n/* parade: the shared globals defined here live in the DSM */\n" + Text,
             /*After=*/true);
}

/// Moves the definition of tag @p TD, declared in a function, to file scope
/// before the function that starts at @p FunctionStart, an unnamed one with
/// a name of its own (given to the AST too, so that every type the
/// translation spells names it). With @p NameInPlace, the definition's
/// text in the function becomes the type's name (else the caller replaces
/// the whole declaration). False where a macro writes the definition.
static bool hoistTagDefinition(Translation &T, TagDecl *TD, SourceLocation FunctionStart,
                               bool NameInPlace) {
  // An enum with a fixed underlying type (C23) has its name before the
  // colon; gcc 12 compiles none.
  if (const auto *E = dyn_cast<EnumDecl>(TD); E && E->isFixed())
    return false;
  SourceLocation Begin = TD->getBeginLoc(), Brace = TD->getBraceRange().getBegin(),
                 End = TD->getBraceRange().getEnd().getLocWithOffset(1);
  if (Begin.isMacroID() || Brace.isMacroID() || End.isMacroID())
    return false;
  std::string Text = T.textWithLines(Begin, End);
  if (!TD->getIdentifier()) {
    std::string Name = "parade_tag_" + std::to_string(T.fresh());
    TD->setDeclName(&T.Ctx.Idents.get(Name));
    // Before the body: after the keyword and any attributes.
    size_t At = Text.size() - T.textBetween(Begin, End).size() + T.textBetween(Begin, Brace).size();
    Text.insert(At, Name + " ");
  }
  T.holdBeforeFunction(FunctionStart, Begin, Text + ";\n");
  if (NameInPlace)
    T.replace(CharSourceRange::getCharRange(Begin, End),
              TD->getKindName().str() + " " + TD->getName().str());
  return true;
}

namespace {

/// Why @p V's name may not become a macro for its pool storage in its
/// function (the macro alias of pooled locals that a macro names):
/// something else there has the name (a declaration, a member, a label), a
/// task reaches a private copy of it by a pointer, or it is not an ordinary
/// local of a block. Empty when it may. (A construct that makes it private
/// undefines the name in its translation: Directives.cpp, asCodeOf.)
std::string aliasUnsafe(Translation &T, const VarDecl *V) {
  const auto *F = dyn_cast_or_null<FunctionDecl>(V->getParentFunctionOrMethod());
  if (!F || !V->hasLocalStorage() || isa<ParmVarDecl>(V) || V->isStaticLocal())
    return "it is not an ordinary local of a block";
  if (!T.declaringBlock(V))
    return "it is not an ordinary local of a block";
  class Names : public RecursiveASTVisitor<Names> {
  public:
    const VarDecl *V;
    bool Clash = false;
    bool VisitNamedDecl(NamedDecl *D) {
      Clash |= D != V && D->getDeclName().isIdentifier() && D->getName() == V->getName();
      return true;
    }
    bool VisitMemberExpr(MemberExpr *E) {
      Clash |= E->getMemberDecl()->getDeclName().isIdentifier() &&
               E->getMemberDecl()->getName() == V->getName();
      return true;
    }
    bool VisitDesignatedInitExpr(DesignatedInitExpr *E) {
      for (const DesignatedInitExpr::Designator &D : E->designators())
        Clash |= D.isFieldDesignator() && D.getFieldName() &&
                 D.getFieldName()->getName() == V->getName();
      return true;
    }
    bool VisitOffsetOfExpr(OffsetOfExpr *E) {
      for (unsigned K = 0; K < E->getNumComponents(); K++) {
        const OffsetOfNode &N = E->getComponent(K);
        Clash |= (N.getKind() == OffsetOfNode::Field || N.getKind() == OffsetOfNode::Identifier) &&
                 N.getFieldName() && N.getFieldName()->getName() == V->getName();
      }
      return true;
    }
    // Another variable, function or constant of the name used here (a
    // global the function's other regions name), and a tag or typedef of
    // the name in a type written here (`struct pt pt;`).
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      const NamedDecl *D = E->getDecl();
      // (Not Sema's own copies, which clauses name: a reduction's.)
      Clash |= D != V && !D->isImplicit() && !isa<OMPCapturedExprDecl>(D) &&
               D->getDeclName().isIdentifier() && D->getName() == V->getName();
      return true;
    }
    bool VisitTagTypeLoc(TagTypeLoc L) {
      const TagDecl *D = L.getDecl();
      Clash |= D->getDeclName().isIdentifier() && D->getName() == V->getName();
      return true;
    }
    bool VisitTypedefTypeLoc(TypedefTypeLoc L) {
      const TypedefNameDecl *D = L.getTypedefNameDecl();
      Clash |= D->getDeclName().isIdentifier() && D->getName() == V->getName();
      return true;
    }
  } Walk;
  Walk.V = V;
  Walk.TraverseDecl(const_cast<FunctionDecl *>(F));
  if (Walk.Clash)
    return "something else in the function has the same name";
  for (const Translation::SharedPrivate &SP : T.SharedPrivates)
    if (SP.Var == V->getCanonicalDecl())
      return "a task reaches its private copy";
  return "";
}

/// Whether @p Body calls alloca (glibc's macro calls the builtin).
static bool callsAlloca(Stmt *Body) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool VisitCallExpr(CallExpr *C) {
      unsigned Id = C->getBuiltinCallee();
      Found |= Id == Builtin::BI__builtin_alloca || Id == Builtin::BIalloca ||
               Id == Builtin::BI__builtin_alloca_uninitialized;
      return !Found;
    }
  } F;
  F.TraverseStmt(Body);
  return F.Found;
}

/// Whether declaration @p S stays as it is beside its pool storage
/// (DeclRewriter::aliasDecl) rather than being rewritten: a macro names one
/// of its pooled locals, or its text cannot be rewritten (a macro's), or
/// it declares a type with the variables (`struct pt {...} p;`, whose type
/// may have no name to declare the pool's pointer with).
static bool keptBesidePool(Translation &T, const DeclStmt *S) {
  CharSourceRange Written = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(S->getSourceRange()), T.SM, T.Ctx.getLangOpts());
  bool DeclaresType = llvm::any_of(S->decls(), [](const Decl *D) { return !isa<VarDecl>(D); });
  return llvm::any_of(S->decls(), [&](const Decl *D) {
    const auto *V = dyn_cast<VarDecl>(D);
    return V && (T.MacroAliased.count(V->getCanonicalDecl()) ||
                 ((Written.isInvalid() || DeclaresType) && T.Pooled.count(V->getCanonicalDecl()) &&
                  V->hasLocalStorage()));
  });
}

/// Whether @p E, a variable's name, is used for its address (`&v`, `&v.f`,
/// `&a[i]`, an array that decays to a pointer) rather than its value.
static bool addressTaken(ASTContext &Ctx, const Expr *E) {
  const Expr *Cur = E;
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*Cur);
    const Expr *P = Parents.empty() ? nullptr : Parents[0].get<Expr>();
    if (!P)
      return false;
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(P)) {
      if (Cast->getCastKind() == CK_ArrayToPointerDecay) {
        // An element of it (`a[i]`) is an object again.
        DynTypedNodeList Up = Ctx.getParents(*P);
        const auto *Sub = Up.empty() ? nullptr : Up[0].get<ArraySubscriptExpr>();
        if (!Sub || Sub->getBase()->IgnoreImpCasts() != Cur)
          return true;
        P = Sub;
      } else if (Cast->getCastKind() != CK_NoOp) {
        return false; // its value
      }
    } else if (const auto *U = dyn_cast<UnaryOperator>(P)) {
      return U->getOpcode() == UO_AddrOf;
    } else if (const auto *M = dyn_cast<MemberExpr>(P)) {
      if (M->isArrow())
        return false;
    } else if (!isa<ParenExpr>(P)) {
      return false;
    }
    Cur = P;
  }
}

class UseRewriter : public RecursiveASTVisitor<UseRewriter> {
public:
  explicit UseRewriter(Translation &T) : T(T) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    if (!V || !T.inMainFile(E->getLocation()))
      return true;
    const VarDecl *Canon = V->getCanonicalDecl();
    if (!T.Pooled.count(Canon) && !T.Renamed.count(Canon) &&
        !T.sharedPrivate(Canon, E->getLocation()))
      return true;
    SourceLocation Loc = editableLoc(T, E->getLocation());
    // In a macro's argument, which the macro may turn into a string
    // (`#define SHOW(x) printf(#x " = %d\n", x)`), or in the body of a
    // macro (a header's, or one of this file that other functions may use
    // with a local of their own of that name: `#define U(i, j) u[(i) * nx
    // + (j)]`): the name stays as written and stands for the pool's
    // storage, where it may. Where it may not (something else in the
    // function has the name, or a macro has it: PLASMA's `A(m, n)` beside
    // a local `A`), the invocation is written out instead, and the file
    // translated again (MacroExpansion.h).
    if (E->getLocation().isMacroID() && T.Pooled.count(Canon) && Canon->hasLocalStorage() &&
        !isa<ParmVarDecl>(Canon)) {
      auto [It, New] = AliasOk.try_emplace(Canon, "");
      if (New) {
        It->second = aliasUnsafe(T, Canon);
        // A VLA's declaration cannot be kept beside its pool storage
        // (aliasDecl): PolyBench's POLYBENCH_ARRAY(A) on a stack VLA.
        if (It->second.empty() && Canon->getType()->isVariablyModifiedType())
          It->second = "it is a variable-length array";
        const IdentifierInfo *Id = Canon->getIdentifier();
        if (It->second.empty() && Id && Id->hadMacroDefinition())
          It->second = "a macro has the same name";
      }
      if (It->second.empty()) {
        T.MacroAliased.insert(Canon);
        // The declaration stays as written, so an address of the variable
        // in it (`struct list_head h = LIST_HEAD_INIT(h);`) is the stack
        // object's (see finish()).
        if (const DeclStmt *S = DeclaredBy.lookup(Canon);
            S && T.contains(S->getSourceRange(), E->getLocation()) && addressTaken(T.Ctx, E))
          ownAddressError(E);
        return true;
      }
      if (T.expandInvocation(E->getLocation())) {
        T.error(E->getLocation(), "pooled variable '" + V->getName().str() +
                                      "' is named inside a macro, and its name cannot stand "
                                      "for its storage there: " +
                                      It->second);
        return true;
      }
    }
    if (Loc.isInvalid()) {
      T.expandInvocation(E->getLocation());
      T.error(E->getLocation(), std::string(T.Pooled.count(Canon) ? "pooled" : "threadprivate") +
                                    " variable '" + V->getName().str() +
                                    "' is named inside a macro defined outside this file");
      return true;
    }
    if (!Done.insert(Loc.getRawEncoding()).second)
      return true;
    std::string Text = T.spell(Canon, E->getLocation());
    if (Text == V->getName())
      return true;
    // In its own declaration (`int *p = malloc(n * sizeof *p);`, `int k,
    // m = (k = 3);`) the name stays when the declaration is kept beside
    // the pool storage (a macro names a local of it, which is known only
    // once the walk is over).
    if (const DeclStmt *S = DeclaredBy.lookup(Canon);
        S && T.contains(S->getSourceRange(), E->getLocation())) {
      InOwnDecl.push_back({S, E, Loc, Text});
      return true;
    }
    T.replace(Loc, V->getName().size(), Text);
    return true;
  }
  bool VisitDeclStmt(DeclStmt *S) {
    for (const Decl *D : S->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        DeclaredBy[V->getCanonicalDecl()] = S;
    return true;
  }
  // Variables named in clauses are translated by the directive passes.
  bool TraverseOMPClause(OMPClause *) { return true; }

  /// After the walk: the names in initialisers of declarations that go.
  void finish() {
    for (const auto &[S, E, Loc, Text] : InOwnDecl) {
      const auto *V = cast<VarDecl>(E->getDecl());
      if (!keptBesidePool(T, S))
        T.replace(Loc, V->getName().size(), Text);
      else if (addressTaken(T.Ctx, E))
        ownAddressError(E);
    }
  }

private:
  /// The name is the stack object, whose value the pool storage takes
  /// after the statement: an address of it would be stale.
  void ownAddressError(const DeclRefExpr *E) {
    if (!OwnAddressReported.insert(E->getDecl()->getCanonicalDecl()).second)
      return; // once, not for each of a macro's uses
    std::string Name = E->getDecl()->getName().str();
    T.error(E->getLocation(), "the address of '" + Name +
                                  "', which other threads or nodes reach, is taken in its own "
                                  "declaration; declare '" +
                                  Name + "' in a statement of its own");
  }

  Translation &T;
  llvm::DenseSet<unsigned> Done;
  /// Why a pooled local's name cannot stand for its storage (empty: it can).
  llvm::DenseMap<const VarDecl *, std::string> AliasOk;
  llvm::DenseSet<const Decl *> OwnAddressReported;
  /// The declaration statement of each local.
  llvm::DenseMap<const VarDecl *, const DeclStmt *> DeclaredBy;
  /// Names of pooled locals inside their own declaration statement.
  std::vector<std::tuple<const DeclStmt *, const DeclRefExpr *, SourceLocation, std::string>>
      InOwnDecl;
};

/// The text that declares @p V as a pool-backed variable, given its
/// initialiser text (may be empty).
std::string pooledLocalDecl(Translation &T, const VarDecl *V, const std::string &Ptr) {
  QualType Ty = V->getType();
  std::string Size = "sizeof(" + T.declare(Ty, "") + ")";
  std::string Out = T.declare(T.Ctx.getPointerType(Ty), Ptr) +
                    " __attribute__((cleanup(parade_free_local))) = parade_alloc_local(" + Size +
                    ");";
  if (const Expr *Init = V->getInit()) {
    std::string InitText = T.text(Init->getSourceRange());
    const Expr *Bare = Init->IgnoreImplicit();
    if (isa<InitListExpr>(Bare) || !Ty->isRecordType()) {
      Out += " parade_copy((void *)" + Ptr + ", &(" + T.declare(Ty, "") + ")" +
             (isa<InitListExpr>(Bare) ? InitText : "{" + InitText + "}") + ", " + Size + ");";
    } else {
      // A struct value (`struct pt p = origin;`): through a temporary,
      // which a const type may still be initialised from.
      std::string Tmp = "parade_init_" + std::to_string(T.fresh());
      Out += " { " + T.declare(Ty.getUnqualifiedType(), Tmp) + " = " + InitText +
             "; parade_copy((void *)" + Ptr + ", &" + Tmp + ", " + Size + "); }";
    }
  }
  return Out;
}

std::string plainDecl(Translation &T, const VarDecl *V) {
  // Without `register`: the translation may take the variable's address
  // (see RegisterVariables.h).
  std::string Out;
  auto Renamed = T.Renamed.find(V->getCanonicalDecl());
  Out += T.declare(V->getType(), Renamed == T.Renamed.end() ? V->getName() : Renamed->second);
  if (const Expr *Init = V->getInit())
    Out += " = " + T.text(Init->getSourceRange());
  return Out + ";";
}

/// Whether @p Init names @p V (its own address, say).
static bool namesItself(const VarDecl *V, const Stmt *Init) {
  if (const auto *R = dyn_cast_or_null<DeclRefExpr>(Init))
    if (R->getDecl()->getCanonicalDecl() == V->getCanonicalDecl())
      return true;
  if (Init)
    for (const Stmt *C : Init->children())
      if (namesItself(V, C))
        return true;
  return false;
}

/// Global (or static local) definition: pointer, initial image, constructor.
std::string pooledGlobalDecl(Translation &T, const VarDecl *V, const std::string &Ptr) {
  QualType Ty = V->getType();
  bool Static = V->getStorageClass() == SC_Static || V->isStaticLocal();
  bool IsDefinition = V->isThisDeclarationADefinition() != VarDecl::DeclarationOnly &&
                      (V->getInit() || V == V->getActingDefinition() ||
                       V->isThisDeclarationADefinition() == VarDecl::Definition);
  std::string Pointer = T.declare(T.Ctx.getPointerType(Ty), Ptr);
  if (!IsDefinition)
    return (Static ? "static " : "extern ") + Pointer + ";";
  std::string Out = (Static ? "static " : "") + Pointer + ";\n";
  std::string Type = T.declare(Ty, ""), Size = "sizeof(" + Type + ")";
  std::string Alloc = Ptr + " = parade_static_alloc(" + Size + ", __alignof__(" + Type + "), ";
  // Each constructor allocates once: one whose initialiser names another
  // pooled static (`static int *p = t;`) runs that one's first, then
  // copies its value in (it is no constant: t's address is known only
  // once t is allocated).
  std::string Body = "if (" + Ptr + ") return; ";
  std::vector<const VarDecl *> Named;
  if (const Expr *Init = V->getInit()) {
    std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
      if (const auto *R = dyn_cast_or_null<DeclRefExpr>(S))
        if (const auto *N = dyn_cast<VarDecl>(R->getDecl()))
          if (N->isStaticLocal() && T.Pooled.count(N->getCanonicalDecl()) &&
              N->getCanonicalDecl() != V->getCanonicalDecl())
            Named.push_back(N);
      if (S)
        for (const Stmt *C : S->children())
          Find(C);
    };
    Find(Init);
    if (!Named.empty() || namesItself(V, Init)) {
      // Allocated first: an initialiser may name the variable itself
      // (`static struct node head = {&head, &head};`), or one whose
      // initialiser names this one.
      Body += Alloc + "0); ";
      for (const VarDecl *N : Named)
        Body += "parade_gc_" + T.Pooled.lookup(N->getCanonicalDecl()) + "(); ";
      Body += "{ " + T.declare(Ty.getUnqualifiedType(), "parade_init") + " = " +
              T.text(Init->getSourceRange()) + "; parade_copy((void *)" + Ptr + ", &parade_init, " +
              Size + "); } ";
    } else {
      std::string ImageName = "parade_gi_" + std::to_string(T.fresh());
      Out += std::string(isConstData(Ty, T.Ctx) ? "static " : "static const ") +
             T.declare(Ty, ImageName) + " = " + T.text(Init->getSourceRange()) + ";\n";
      Body += Alloc + "&" + ImageName + "); ";
    }
  } else {
    Body += Alloc + "0); ";
  }
  Out += "__attribute__((constructor)) static void parade_gc_" + Ptr + "(void) { " + Body + "}";
  return Out;
}

class DeclRewriter : public RecursiveASTVisitor<DeclRewriter> {
public:
  explicit DeclRewriter(Translation &T) : T(T) {}

  bool VisitDeclStmt(DeclStmt *S) {
    if (!T.inMainFile(S->getBeginLoc()))
      return true;
    bool Any = false;
    for (Decl *D : S->decls())
      if (auto *V = dyn_cast<VarDecl>(D))
        Any |= T.Pooled.count(V->getCanonicalDecl()) > 0;
    if (!Any)
      return true;
    // The declaration as written in the file: it may begin with a macro
    // (`bool` from <stdbool.h>, a macro for `static`), but not be one.
    CharSourceRange Written = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(S->getSourceRange()), T.SM, T.Ctx.getLangOpts());
    bool DeclaresType = false;
    for (Decl *D : S->decls())
      DeclaresType |= !isa<VarDecl>(D);
    if (keptBesidePool(T, S)) {
      aliasDecl(S);
      return true;
    }
    if (Written.isInvalid()) {
      T.expandInvocation(S->getBeginLoc());
      T.expandInvocation(S->getEndLoc());
      T.error(S->getBeginLoc(), "a shared variable declared by a macro is not supported");
      return true;
    }
    std::string Out;
    if (DeclaresType && !hoistStaticLocalTypes(S))
      return true;
    for (Decl *D : S->decls()) {
      auto *V = dyn_cast<VarDecl>(D);
      if (!V)
        continue; // a type of static locals, hoisted
      auto It = T.Pooled.find(V->getCanonicalDecl());
      if (V->hasExternalStorage()) {
        // A block-scope extern names a global: a pooled one is reached
        // through its file-scope pointer, so the declaration goes.
        if (It == T.Pooled.end())
          Out += "extern " + plainDecl(T, V) + " ";
      } else if (It == T.Pooled.end()) {
        Out += plainDecl(T, V) + " ";
      } else if (V->isStaticLocal()) {
        // The pointer and its constructor live at file scope, in source
        // order with the function's hoisted types: they may name one
        // declared before, and one declared after may name the variable
        // (`enum { N = sizeof names / sizeof names[0] };`).
        T.holdBeforeFunction(FunctionStart, V->getLocation(),
                             pooledGlobalDecl(T, V, It->second) + "\n");
      } else {
        Out += pooledLocalDecl(T, V, It->second) + " ";
      }
    }
    if (const ForStmt *For = ForInits.lookup(S)) {
      // A declaration that needs statements to initialise it moves in
      // front of its loop, in a block that ends with the loop.
      T.replace(Written, ";");
      T.insert(For->getBeginLoc(), "{ " + Out, /*After=*/false);
      T.insert(T.endOf(For), " }", /*After=*/true);
      return true;
    }
    // A pooled VLA's type is printed from the AST, with its bounds' names
    // (`double (*p)[n]`); a bound that is pooled too stands for its
    // storage there.
    llvm::SetVector<const VarDecl *> Bounds;
    for (Decl *D : S->decls())
      if (auto *V = dyn_cast<VarDecl>(D);
          V && T.Pooled.count(V->getCanonicalDecl()) && V->getType()->isVariablyModifiedType())
        collectSizeVars(T.Ctx, V->getType(), Bounds);
    std::string Overrides, Restores;
    for (const VarDecl *B : Bounds) {
      auto It = T.Pooled.find(B->getCanonicalDecl());
      if (It == T.Pooled.end() || !B->hasLocalStorage())
        continue;
      Overrides += Translation::macroOverride(B->getName().str(), "(*" + It->second + ")");
      Restores += Translation::macroRestore(B->getName().str());
    }
    if (!Overrides.empty())
      Out = "\n" + Overrides + Out + "\n" + Restores + T.lineDirective(S->getEndLoc());
    T.replace(Written, Out);
    return true;
  }

  bool VisitForStmt(ForStmt *F) {
    if (auto *Init = dyn_cast_or_null<DeclStmt>(F->getInit()))
      ForInits[Init] = F;
    return true;
  }

  /// Static locals declared together with their type (`static struct {
  /// const char *name; int value; } keywords[] = {...};`, ParRes'
  /// refcount): their pool pointer and its constructor live at file scope
  /// (pooledGlobalDecl), which must name the type. The type's definition
  /// goes there first, an unnamed one with a name of its own (given to the
  /// AST too, so that every type the translation spells names it). False,
  /// with an error, where that cannot be done.
  bool hoistStaticLocalTypes(DeclStmt *S) {
    for (Decl *D : S->decls()) {
      auto *V = dyn_cast<VarDecl>(D);
      auto *TD = dyn_cast<TagDecl>(D);
      if ((V && !V->isStaticLocal()) || (!V && !(TD && TD->isThisDeclarationADefinition()))) {
        T.error(D->getLocation(), "a type declared together with a shared variable is not "
                                  "supported; declare it separately");
        return false;
      }
    }
    for (Decl *D : S->decls()) {
      auto *TD = dyn_cast<TagDecl>(D);
      if (TD && !hoistTagDefinition(T, TD, FunctionStart, /*NameInPlace=*/false)) {
        T.error(TD->getLocation(), "a type declared by a macro together with a shared "
                                   "variable is not supported; declare it separately");
        return false;
      }
    }
    return true;
  }

  /// A declaration of pooled locals that a header's macro writes or names:
  /// it stays as it is; after it each pooled variable gets its pool storage
  /// (with the value it was initialised to) and its name becomes a macro
  /// for that storage until the end of the block, which reaches the uses
  /// inside macros too (their expansion is rescanned).
  void aliasDecl(DeclStmt *S) {
    const CompoundStmt *Block = nullptr;
    std::string After, Pops;
    // Only a value something may have set is copied into the pool: the
    // variable's initialiser, a later declarator's (`int k, m = (k = 3);`),
    // or the statements the same macro goes on to write. Copying an unset
    // one is gcc's -Wuninitialized.
    bool FromMacro = S->getBeginLoc().isMacroID();
    const Decl *LastInit = nullptr;
    for (Decl *D : S->decls())
      if (auto *V = dyn_cast<VarDecl>(D); V && V->hasInit())
        LastInit = D;
    bool MaySet = FromMacro || LastInit;
    for (Decl *D : S->decls()) {
      bool Copy = MaySet;
      if (D == LastInit)
        MaySet = FromMacro;
      auto *V = dyn_cast<VarDecl>(D);
      auto It = V ? T.Pooled.find(V->getCanonicalDecl()) : T.Pooled.end();
      if (It == T.Pooled.end())
        continue;
      std::string Name = V->getName().str(), Why = aliasUnsafe(T, V);
      Block = T.declaringBlock(V); // aliasUnsafe: one there (not a for's init)
      if (V->getType()->isVariablyModifiedType())
        Why = "it is a variable-length array";
      if (!Why.empty()) {
        T.expandInvocation(S->getBeginLoc());
        T.expandInvocation(V->getLocation());
        T.error(V->getLocation(), "'" + Name +
                                      "' lives in the pool (its address escapes), and its "
                                      "declaration or a header's macro cannot be rewritten, "
                                      "but " +
                                      Why + ": not supported by parade");
        return;
      }
      std::string Type = "__typeof__(" + Name + ")"; // a type without a name too
      After +=
          Type + " *" + It->second +
          " __attribute__((cleanup(parade_free_local))) = parade_alloc_local(sizeof(" + Type +
          "));" +
          (Copy ? " parade_copy((void *)" + It->second + ", &" + Name + ", sizeof(" + Type + "));"
                : std::string()) +
          "\n" + Translation::macroOverride(Name, "(*" + It->second + ")");
      Pops += "\n" + Translation::macroRestore(Name);
    }
    if (!Block)
      return; // nothing of the statement is pooled
    // After the statement, or after the macro that writes it and the
    // statements the same macro goes on to write (`float **M; int n = 8`).
    const Stmt *Last = S;
    if (S->getBeginLoc().isMacroID()) {
      SourceLocation Invocation = T.SM.getExpansionRange(S->getBeginLoc()).getBegin();
      bool Seen = false;
      for (const Stmt *Sibling : Block->body()) {
        if (Sibling == S) {
          Seen = true;
          continue;
        }
        if (!Seen)
          continue;
        if (!Sibling->getBeginLoc().isMacroID() ||
            T.SM.getExpansionRange(Sibling->getBeginLoc()).getBegin() != Invocation)
          break;
        Last = Sibling;
      }
    }
    SourceLocation End = T.SM.getExpansionRange(Last->getEndLoc()).getEnd();
    if (!T.inMainFile(End) || Block->getRBracLoc().isMacroID()) {
      T.expandInvocation(S->getBeginLoc());
      T.expandInvocation(Block->getRBracLoc());
      T.error(S->getBeginLoc(), "a shared variable declared by a macro is not supported here");
      return;
    }
    // The rest of the line keeps its number.
    T.insertAfterToken(End, "\n" + After + T.lineDirective(End));
    T.insert(Block->getRBracLoc(), Pops, /*After=*/false);
  }

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || !T.inMainFile(F->getLocation()))
      return true;
    FunctionStart = F->getBeginLoc();
    // Pooled parameters get pool storage at the top of the body.
    std::string Prologue;
    for (ParmVarDecl *P : F->parameters()) {
      auto It = T.Pooled.find(P);
      if (It == T.Pooled.end())
        continue;
      QualType Ty = P->getType();
      Prologue += " " + T.declare(T.Ctx.getPointerType(Ty), It->second) +
                  " __attribute__((cleanup(parade_free_local))) = parade_alloc_local(sizeof(" +
                  T.declare(Ty, "") + ")); *" + It->second + " = " + P->getName().str() + ";";
    }
    // alloca is the shared heap's (the translation's prologue defines it
    // as parade_alloca): its blocks are freed as the function returns.
    if (callsAlloca(F->getBody()))
      Prologue += " void *parade_alloca_at __attribute__((cleanup(parade_alloca_release))) = "
                  "parade_alloca_mark();";
    if (!Prologue.empty())
      T.insertAfterToken(F->getBody()->getBeginLoc(), Prologue);
    return RecursiveASTVisitor::TraverseFunctionDecl(F);
  }

private:
  Translation &T;
  SourceLocation FunctionStart;
  llvm::DenseMap<const DeclStmt *, const ForStmt *> ForInits;
};

} // namespace

void rewritePooledUses(Translation &T, TranslationUnitDecl *TU) {
  UseRewriter R(T);
  R.TraverseDecl(TU);
  R.finish();
}

/// The variables named in the file's threadprivate directives (canonical).
static llvm::DenseSet<const VarDecl *> threadPrivateVars(TranslationUnitDecl *TU) {
  llvm::DenseSet<const VarDecl *> Out;
  for (Decl *D : TU->decls())
    if (auto *TP = dyn_cast<OMPThreadPrivateDecl>(D))
      for (const Expr *E : TP->varlists())
        if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
          if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
            Out.insert(V->getCanonicalDecl());
  return Out;
}

/// How many file-scope variables each declaration statement declares.
static llvm::DenseMap<unsigned, unsigned> declarationSizes(TranslationUnitDecl *TU) {
  llvm::DenseMap<unsigned, unsigned> Out;
  for (Decl *D : TU->decls())
    if (auto *V = dyn_cast<VarDecl>(D))
      Out[V->getBeginLoc().getRawEncoding()]++;
  return Out;
}

void rewritePooledDecls(Translation &T, TranslationUnitDecl *TU) {
  DeclRewriter(T).TraverseDecl(TU);
  // A declaration of several variables of which some are threadprivate is
  // split, so that _Thread_local qualifies exactly those.
  llvm::DenseSet<const VarDecl *> ThreadPrivate = threadPrivateVars(TU);
  // File-scope declarations, grouped by declaration statement.
  std::map<unsigned, std::vector<VarDecl *>> Groups;
  std::vector<unsigned> Order;
  for (Decl *D : TU->decls()) {
    auto *V = dyn_cast<VarDecl>(D);
    if (!V || !T.inMainFile(V->getLocation()))
      continue;
    unsigned Key = V->getBeginLoc().getRawEncoding();
    if (!Groups.count(Key))
      Order.push_back(Key);
    Groups[Key].push_back(V);
  }
  for (unsigned Key : Order) {
    auto &Vars = Groups[Key];
    bool Any = false, AnyThreadPrivate = false;
    for (VarDecl *V : Vars) {
      Any |= T.Pooled.count(V->getCanonicalDecl()) > 0;
      AnyThreadPrivate |= ThreadPrivate.count(V->getCanonicalDecl()) > 0;
    }
    if (!Any && !(AnyThreadPrivate && Vars.size() > 1))
      continue;
    std::string Out;
    for (VarDecl *V : Vars) {
      auto It = T.Pooled.find(V->getCanonicalDecl());
      if (It == T.Pooled.end()) {
        std::string Storage = V->getStorageClass() == SC_Static   ? "static "
                              : V->getStorageClass() == SC_Extern ? "extern "
                                                                  : "";
        if (ThreadPrivate.count(V->getCanonicalDecl()))
          Storage += "__thread ";
        Out += Storage + plainDecl(T, V) + "\n";
      } else {
        Out += pooledGlobalDecl(T, V, It->second) + "\n";
      }
    }
    VarDecl *Last = Vars.back();
    SourceLocation End = Lexer::findLocationAfterToken(Last->getEndLoc(), tok::semi, T.SM,
                                                       T.Ctx.getLangOpts(), false);
    if (End.isInvalid()) {
      T.error(Last->getEndLoc(), "cannot find the end of this declaration");
      continue;
    }
    T.replace(CharSourceRange::getCharRange(Vars.front()->getBeginLoc(), End), Out);
  }
}

/// A declaration of automatic variables together with their type's
/// definition (`struct acc { int n; double s; } a = {0}, b;`,
/// `struct { int n; } st;`): the outlined bodies, at file scope, must see
/// the type to spell and use it. Static locals are not: their pooled
/// declaration hoists their type itself (hoistStaticLocalTypes).
static bool definesTypeOfLocals(const DeclStmt *S) {
  bool Tag = false, Locals = false;
  for (const Decl *D : S->decls()) {
    if (const auto *TD = dyn_cast<TagDecl>(D))
      Tag |= TD->isThisDeclarationADefinition();
    else if (const auto *V = dyn_cast<VarDecl>(D)) {
      if (!V->hasLocalStorage() || V->getType()->isVariablyModifiedType())
        return false;
      Locals = true;
    } else
      return false;
  }
  return Tag && Locals;
}

void nameUnnamedFileScopeTypes(Translation &T, TranslationUnitDecl *TU) {
  for (Decl *D : TU->decls()) {
    auto *TD = dyn_cast<TagDecl>(D);
    // A typedef's unnamed struct is spelled by the typedef's name.
    if (!TD || TD->getIdentifier() || !TD->isThisDeclarationADefinition() ||
        TD->getTypedefNameForAnonDecl() || !T.inMainFile(TD->getLocation()))
      continue;
    if (const auto *E = dyn_cast<EnumDecl>(TD); E && E->isFixed())
      continue; // its name would go before the colon (C23; gcc 12 compiles none)
    SourceLocation Brace = TD->getBraceRange().getBegin();
    if (Brace.isInvalid() || Brace.isMacroID())
      continue;
    std::string Name = "parade_tag_" + std::to_string(T.fresh());
    TD->setDeclName(&T.Ctx.Idents.get(Name));
    T.insert(Brace, Name + " ", /*After=*/false);
  }
}

/// The enumerators of @p S's enums that have the name of something of file
/// scope (@p FileScope) are renamed where they are declared and wherever
/// they are named (@p Uses): a rename macro would reach that name's uses
/// in the whole function, and make a use of the file-scope one the
/// enumerator's value, silently. False, with an error, where a macro names
/// one.
static bool renameShadowingEnumerators(
    Translation &T, const DeclStmt *S, const llvm::StringSet<> &FileScope,
    const llvm::DenseMap<const EnumConstantDecl *, std::vector<SourceLocation>> &Uses) {
  bool Renamed = true;
  for (const Decl *D : S->decls()) {
    const auto *E = dyn_cast<EnumDecl>(D);
    if (!E)
      continue;
    for (const EnumConstantDecl *C : E->enumerators()) {
      if (!FileScope.count(C->getName()))
        continue;
      const std::vector<SourceLocation> &At = Uses.lookup(C);
      if (C->getLocation().isMacroID() ||
          llvm::any_of(At, [](SourceLocation L) { return L.isMacroID(); })) {
        T.error(C->getLocation(), "enumerator '" + C->getName().str() +
                                      "' has the name of something of file scope and is named "
                                      "inside a macro: parade cannot rename it; give it a name "
                                      "of its own");
        Renamed = false;
        continue;
      }
      std::string Name = "parade_le" + std::to_string(T.fresh()) + "_" + C->getName().str();
      T.replace(C->getLocation(), C->getName().size(), Name);
      for (SourceLocation L : At)
        T.replace(L, C->getName().size(), Name);
    }
  }
  return Renamed;
}

/// The typedefs, tags and enums (by their enumerators) that what it
/// traverses names, and in turn those their definitions name (members,
/// array bounds, a typedef's type), into Out (canonical declarations).
/// Written types are walked as written: an array's bound (`int v[SLOTS]`),
/// sizeof, casts and compound literals come with them.
class NamedTypes : public RecursiveASTVisitor<NamedTypes> {
public:
  explicit NamedTypes(llvm::SmallPtrSetImpl<const Decl *> &Out) : Out(Out) {}
  void add(Decl *D) {
    if (Out.insert(D->getCanonicalDecl()).second)
      TraverseDecl(D);
  }
  bool VisitTagType(TagType *Ty) {
    TagDecl *D = Ty->getDecl();
    add(D->getDefinition() ? D->getDefinition() : D);
    return true;
  }
  bool VisitTypedefType(TypedefType *Ty) {
    add(Ty->getDecl());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (auto *C = dyn_cast<EnumConstantDecl>(E->getDecl()))
      add(cast<Decl>(C->getDeclContext()));
    return true;
  }
  bool VisitTypeOfExprTypeLoc(TypeOfExprTypeLoc L) {
    return TraverseType(L.getUnderlyingExpr()->getType());
  }
  // A type walked as a type (a local's, typeNeeded), not as written.
  bool VisitTypeOfExprType(TypeOfExprType *Ty) {
    return TraverseType(Ty->getUnderlyingExpr()->getType());
  }

private:
  llvm::SmallPtrSetImpl<const Decl *> &Out;
};

void hoistLocalTypes(Translation &T, TranslationUnitDecl *TU) {
  class Finder : public RecursiveASTVisitor<Finder> {
  public:
    explicit Finder(Translation &T) : T(T) {}
    Translation &T;
    bool HasRegion = false;
    /// The types that the function's pooled static locals name, in their
    /// type or their initialiser (enumerators, sizeof): the pool pointer and its
    /// constructor at file scope spell them, whether or not the function
    /// forks (one called from a region has its statics pooled too). So
    /// does a threadprivate static local, declared again at file scope.
    llvm::SmallPtrSet<const Decl *, 8> StaticTypes;
    bool VisitVarDecl(VarDecl *V) {
      if (!V->isStaticLocal())
        return true;
      bool ThreadPrivate = llvm::any_of(
          V->redecls(), [](const VarDecl *R) { return R->hasAttr<OMPThreadPrivateDeclAttr>(); });
      if (!ThreadPrivate && !T.Pooled.count(V->getCanonicalDecl()))
        return true;
      NamedTypes(StaticTypes).TraverseDecl(V);
      return true;
    }
    bool namesStaticType(const DeclStmt *S) const {
      return llvm::any_of(S->decls(), [&](const Decl *D) {
        return isa<TypeDecl>(D) && StaticTypes.count(D->getCanonicalDecl());
      });
    }
    std::vector<const DeclStmt *> TypeDecls;
    /// Block-scope declarations of functions and of extern variables
    /// (`double half(double);` in main, LLNL's omp_bug3): copied to file
    /// scope, where the outlined bodies can see them.
    std::vector<const DeclStmt *> Externals;
    /// Each directive's extent: the pragma and its statement.
    std::vector<SourceRange> Directives;
    /// Where each local is named.
    llvm::DenseMap<const VarDecl *, std::vector<SourceLocation>> Uses;
    bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
      HasRegion |= isOpenMPParallelDirective(D->getDirectiveKind()) ||
                   isOpenMPTaskingDirective(D->getDirectiveKind());
      const Stmt *S = D->hasAssociatedStmt() ? D->getAssociatedStmt() : nullptr;
      Directives.push_back({D->getBeginLoc(), S ? S->getEndLoc() : D->getEndLoc()});
      return true;
    }
    /// Where each enumerator is named.
    llvm::DenseMap<const EnumConstantDecl *, std::vector<SourceLocation>> EnumeratorUses;
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (const auto *V = dyn_cast<VarDecl>(E->getDecl()); V && V->hasLocalStorage())
        Uses[V->getCanonicalDecl()].push_back(E->getLocation());
      if (const auto *C = dyn_cast<EnumConstantDecl>(E->getDecl()))
        EnumeratorUses[C].push_back(E->getLocation());
      return true;
    }
    /// Whether a declaration of locals with their type must give the type
    /// to file scope: a directive that does not hold the declaration names
    /// one of the locals, or another local whose type names the type
    /// (`struct counter { int n; } zero; struct counter c;`, c shared): its
    /// outlined code or private copy spells the type; a directive that
    /// holds the declaration takes it along.
    bool typeNeeded(Translation &T, const DeclStmt *S) const {
      SourceLocation At = T.SM.getExpansionLoc(S->getBeginLoc());
      auto InOtherDirective = [&](SourceLocation L) {
        L = T.SM.getExpansionLoc(L);
        return llvm::any_of(Directives,
                            [&](SourceRange R) { return T.contains(R, L) && !T.contains(R, At); });
      };
      llvm::SmallPtrSet<const Decl *, 4> Defined, Declared;
      for (const Decl *D : S->decls())
        (isa<TypeDecl>(D) ? Defined : Declared).insert(D->getCanonicalDecl());
      for (const auto &[V, Locations] : Uses) {
        if (!Declared.count(V)) {
          llvm::SmallPtrSet<const Decl *, 8> Named;
          NamedTypes(Named).TraverseType(V->getType());
          if (llvm::none_of(Defined, [&](const Decl *D) { return Named.count(D); }))
            continue;
        }
        if (llvm::any_of(Locations, InOtherDirective))
          return true;
      }
      return false;
    }
    bool VisitDeclStmt(DeclStmt *S) {
      bool OnlyTypes = true, OnlyExternals = true;
      for (const Decl *D : S->decls()) {
        const auto *TD = dyn_cast<TypeDecl>(D);
        if (!TD || (isa<TypedefNameDecl>(TD) &&
                    cast<TypedefNameDecl>(TD)->getUnderlyingType()->isVariablyModifiedType()))
          OnlyTypes = false;
        const auto *V = dyn_cast<VarDecl>(D);
        if (!isa<FunctionDecl>(D) &&
            !(V && V->hasExternalStorage() && !V->getType()->isVariablyModifiedType()))
          OnlyExternals = false;
      }
      if (OnlyTypes || definesTypeOfLocals(S))
        TypeDecls.push_back(S);
      else if (OnlyExternals)
        Externals.push_back(S);
      return true;
    }
  };
  // Names at file scope, in C's two name spaces that a hoisted declaration
  // can collide in: tags, and ordinary identifiers (typedefs, objects,
  // functions, enumerators).
  llvm::StringSet<> Tags, Ordinary;
  auto Declared = [&](const NamedDecl *N) {
    if (!N->getIdentifier())
      return;
    (isa<TagDecl>(N) ? Tags : Ordinary).insert(N->getName());
    if (const auto *E = dyn_cast<EnumDecl>(N))
      for (const EnumConstantDecl *C : E->enumerators())
        Ordinary.insert(C->getName());
  };
  for (Decl *D : TU->decls())
    if (const auto *N = dyn_cast<NamedDecl>(D))
      Declared(N);
  // The file's own ordinary names, before any hoisting adds to them.
  llvm::StringSet<> FileScopeOrdinary = Ordinary;
  for (Decl *D : TU->decls()) {
    auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->hasBody() || !T.inMainFile(F->getLocation()))
      continue;
    Finder Find(T);
    Find.TraverseDecl(F);
    // A hoisted name that file scope already has (a local struct shadowing
    // a global one, two functions each with a local typedef `item`) gets
    // a name of its own for the function's extent, by a macro: the
    // function's text, its outlined bodies and the types the translation
    // spells all use it.
    std::string Renames, Undefs;
    for (const DeclStmt *S : Find.TypeDecls) {
      bool OnlyTypes = llvm::all_of(S->decls(), [](const Decl *D) { return isa<TypeDecl>(D); });
      if (S->getBeginLoc().isMacroID()) {
        // A macro writes the type with its variables (`DEF_STRUCT p;`,
        // `VEC(int) w;`): its definition cannot move to file scope, where
        // the outlined code that names a variable of it would need it
        // (the translation failed to compile: "field 'p' has incomplete
        // type").
        if (!OnlyTypes && Find.typeNeeded(T, S))
          for (const Decl *D : S->decls())
            if (const auto *V = dyn_cast<VarDecl>(D)) {
              T.error(V->getLocation(),
                      "the type of '" + V->getName().str() +
                          "' is defined by a macro in this function, and a directive names '" +
                          V->getName().str() +
                          "': parade moves the types that directives need to file scope, and "
                          "cannot move one a macro writes; define the type outside the "
                          "function");
              break;
            }
        continue;
      }
      if ((OnlyTypes ? !Find.HasRegion : !Find.typeNeeded(T, S)) && !Find.namesStaticType(S))
        continue;
      if (!renameShadowingEnumerators(T, S, FileScopeOrdinary, Find.EnumeratorUses))
        continue;
      for (const Decl *D : S->decls()) {
        if (!OnlyTypes && !isa<TagDecl>(D))
          continue; // a variable declared with the type stays
        std::vector<const NamedDecl *> Names = {cast<NamedDecl>(D)};
        if (const auto *E = dyn_cast<EnumDecl>(D))
          Names.insert(Names.end(), E->enumerator_begin(), E->enumerator_end());
        for (const NamedDecl *N : Names) {
          if (!N->getIdentifier())
            continue;
          llvm::StringSet<> &Space = isa<TagDecl>(N) ? Tags : Ordinary;
          std::string Name = N->getName().str();
          if (isa<EnumConstantDecl>(N) && FileScopeOrdinary.count(Name))
            continue; // renamed above
          if (!Space.insert(Name).second) {
            Renames +=
                "#define " + Name + " parade_lt" + std::to_string(T.fresh()) + "_" + Name + "\n";
            Undefs += "#undef " + Name + "\n";
          }
        }
      }
      if (!OnlyTypes) {
        // The variables stay, of the type by its name (a macro's
        // definition stays too).
        for (Decl *D : S->decls())
          if (auto *TD = dyn_cast<TagDecl>(D); TD && TD->isThisDeclarationADefinition())
            hoistTagDefinition(T, TD, F->getBeginLoc(), /*NameInPlace=*/true);
        continue;
      }
      SourceLocation End = T.endOf(S);
      std::string Text = T.textWithLines(S->getBeginLoc(), End);
      T.holdBeforeFunction(F->getBeginLoc(), S->getBeginLoc(), Text + "\n");
      T.replace(CharSourceRange::getCharRange(S->getBeginLoc(), End), "");
    }
    for (const DeclStmt *S : Find.Externals)
      if (Find.HasRegion && !S->getBeginLoc().isMacroID() && T.inMainFile(S->getBeginLoc()))
        T.holdBeforeFunction(F->getBeginLoc(), S->getBeginLoc(),
                             T.textWithLines(S->getBeginLoc(), T.endOf(S)) + "\n");
    if (!Renames.empty()) {
      T.insert(F->getBeginLoc(), Renames, /*After=*/false);
      T.insertAfterToken(F->getEndLoc(), "\n" + Undefs);
    }
  }
  T.addHeldBeforeFunctions(); // all that left the functions, in source order
}

static const char *const ReplacedFunctions[] = {
#define PARADE_REPLACED(Name) #Name,
#include "ReplacedFunctions.def"
};

/// Every reference to a replaced function, whatever spells it (a macro of
/// a header, a function pointer, a call gcc itself introduces), goes to
/// parade's: `#pragma redefine_extname` renames the symbol for the whole
/// file. Only the C library's: a function of the program's own of the
/// same name (declared outside a system header, or defined here) stays.
static std::string replacedFunctionPragmas(Translation &T, TranslationUnitDecl *TU) {
  llvm::StringSet<> Library, Own;
  std::string Prototypes;
  for (Decl *D : TU->decls()) {
    auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->getIdentifier() ||
        llvm::find(ReplacedFunctions, F->getName()) == std::end(ReplacedFunctions))
      continue;
    // Called without its header (`malloc` without <stdlib.h>, Mattson's
    // Jacobi): gcc gives a library builtin its type, but paradecc compiles
    // with -fno-builtin-NAME, which would make it return int (a pointer
    // cut to 32 bits); the translation declares it as the builtin is.
    if (F->getBuiltinID() &&
        llvm::all_of(F->redecls(), [](const FunctionDecl *R) { return R->isImplicit(); })) {
      if (!Library.count(F->getName()))
        Prototypes += T.declare(F->getType(), F->getName()) + ";\n";
      Library.insert(F->getName());
      continue;
    }
    // A declaration with an assembler name of its own (glibc's fscanf is
    // __isoc99_fscanf) cannot be renamed again; it is left to the library.
    // A system header's inline definition (glibc's getline at -O2) is
    // still the library's.
    if (!T.SM.isInSystemHeader(F->getLocation()) || F->hasAttr<AsmLabelAttr>())
      Own.insert(F->getName());
    else
      Library.insert(F->getName());
  }
  std::string Out = Prototypes;
  for (llvm::StringRef Name : ReplacedFunctions)
    if (Library.count(Name) && !Own.count(Name))
      Out += "#pragma redefine_extname " + Name.str() + " parade_" + Name.str() + "\n";
  return Out;
}

/// The thread-local variable that stands for threadprivate @p V in this
/// file: declared (or, when a header defines V, defined) right after the
/// header's last declaration of V, before anything of this file uses it.
static void declareRenamed(Translation &T, TranslationUnitDecl *TU, const VarDecl *V,
                           const std::string &Name) {
  const VarDecl *LastInHeader = nullptr, *HeaderDef = nullptr;
  bool DefinedHere = false;
  for (const VarDecl *R : V->redecls()) {
    bool Here = T.inMainFile(R->getLocation());
    bool Def = R->isThisDeclarationADefinition() != VarDecl::DeclarationOnly;
    DefinedHere |= Here && Def;
    if (!Here) {
      if (!LastInHeader ||
          T.SM.isBeforeInTranslationUnit(LastInHeader->getLocation(), R->getLocation()))
        LastInHeader = R;
      if (Def)
        HeaderDef = R;
    }
  }
  if (!LastInHeader)
    return;
  const Decl *Before = nullptr;
  for (Decl *D : TU->decls())
    if (T.inMainFile(D->getBeginLoc()) && !D->isImplicit() &&
        T.SM.isBeforeInTranslationUnit(LastInHeader->getLocation(), D->getBeginLoc())) {
      Before = D;
      break;
    }
  std::string Text;
  std::string Type = "__typeof__(" + V->getName().str() + ")";
  if (HeaderDef && !DefinedHere) {
    // Each file that includes the header defines its own copy, as before.
    Text = std::string(HeaderDef->getStorageClass() == SC_Static ? "static " : "") + "__thread " +
           Type + " " + Name;
    if (const Expr *Init = HeaderDef->getInit())
      Text += " = " + T.text(Init->getSourceRange());
    Text += ";\n";
  } else if (V->hasExternalFormalLinkage()) {
    Text = "extern __thread " + Type + " " + Name + ";\n";
  }
  if (Text.empty())
    return;
  if (!Before) {
    T.insert(T.SM.getLocForEndOfFile(T.SM.getMainFileID()), "\n" + Text, /*After=*/true);
    return;
  }
  SourceLocation At = T.SM.getExpansionLoc(Before->getBeginLoc());
  At = T.SM.translateLineCol(T.SM.getMainFileID(), T.SM.getExpansionLineNumber(At), 1);
  T.insert(At, Text, /*After=*/false);
}

void rewriteRuntimeCalls(Translation &T, TranslationUnitDecl *TU) {
  T.Prologue += replacedFunctionPragmas(T, TU);
  // Declarations of several variables were split by rewritePooledDecls,
  // which qualified the threadprivate ones there.
  llvm::DenseMap<unsigned, unsigned> Sizes = declarationSizes(TU);
  llvm::DenseSet<const VarDecl *> Done;
  for (Decl *D : TU->decls()) {
    auto *TP = dyn_cast<OMPThreadPrivateDecl>(D);
    if (!TP)
      continue;
    for (const Expr *E : TP->varlists()) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (!V || !Done.insert(V->getCanonicalDecl()).second)
        continue;
      auto Renamed = T.Renamed.find(V->getCanonicalDecl());
      for (const VarDecl *Redecl : V->redecls()) {
        if (!T.inMainFile(Redecl->getLocation()))
          continue;
        if (Redecl->isFileVarDecl() && Sizes.lookup(Redecl->getBeginLoc().getRawEncoding()) > 1)
          continue;
        // A type written by a macro (`TYPE counter;`) gets the keyword
        // before the macro; C11's may come before or after `static`,
        // which such a macro may hold too (gcc wants __thread after it).
        SourceLocation TypeStart = Redecl->getTypeSpecStartLoc();
        T.insert(T.SM.getExpansionLoc(TypeStart),
                 TypeStart.isMacroID() ? "_Thread_local " : "__thread ", /*After=*/false);
        if (Renamed != T.Renamed.end())
          T.replace(Redecl->getLocation(), V->getName().size(), Renamed->second);
      }
      if (Renamed != T.Renamed.end())
        declareRenamed(T, TU, V, Renamed->second);
    }
    if (!T.inMainFile(TP->getLocation()))
      continue;
    // The pragma line itself.
    SourceLocation Begin = T.SM.getExpansionLoc(TP->getBeginLoc());
    SourceLocation LineStart =
        T.SM.translateLineCol(T.SM.getMainFileID(), T.SM.getExpansionLineNumber(Begin), 1);
    T.insert(LineStart, "//", /*After=*/false);
  }
}

void wrapMain(Translation &T, TranslationUnitDecl *TU) {
  for (Decl *D : TU->decls()) {
    auto *F = dyn_cast<FunctionDecl>(D);
    if (!F || !F->isMain() || !F->doesThisDeclarationHaveABody())
      continue;
    // main defined in a header the file includes: it is compiled as it is,
    // so its name becomes the function's by a macro that the header sees
    // (the prologue comes before the file's own lines), which ends before
    // parade's main. Falling off its end is not `return 0` then.
    if (T.SM.isInSystemHeader(F->getLocation()))
      continue;
    bool InHeader = !T.inMainFile(F->getLocation());
    if (InHeader) {
      T.Prologue += "#define main parade_user_main\n";
      T.remark(F->getLocation(), "main is defined in a header: it becomes parade_user_main by a "
                                 "macro");
    } else
      T.replace(F->getLocation(), 4, "parade_user_main");
    // main needs no prototype; the function it becomes would, for
    // -Wmissing-prototypes (-Werror builds).
    // Its __func__ (assert's message) is still main's, as in the code
    // outlined from it (asCodeOf).
    std::string Named = InHeader ? "\x01" : T.asCodeOf(F, "\x01");
    size_t Mid = Named.find('\x01');
    if (!InHeader)
      T.insert(F->getBeginLoc(),
               "\n#pragma GCC diagnostic push\n"
               "#pragma GCC diagnostic ignored \"-Wmissing-prototypes\"\n"
               "#pragma GCC diagnostic ignored \"-Wmissing-declarations\"\n" +
                   Named.substr(0, Mid),
               /*After=*/false);
    if (!InHeader)
      T.insertAfterToken(F->getEndLoc(), "\n#pragma GCC diagnostic pop" + Named.substr(Mid + 1));
    unsigned Params = F->getNumParams();
    bool ReturnsInt = F->getReturnType()->isIntegerType();
    // Reaching the end of main returns 0 (C99 5.1.2.2.3); the renamed
    // function is an ordinary one, where it would return garbage.
    if (ReturnsInt && !InHeader)
      if (const auto *Body = dyn_cast<CompoundStmt>(F->getBody()))
        T.insert(T.SM.getExpansionLoc(Body->getRBracLoc()), " return 0; ", /*After=*/false);
    // Each argument as main declared it (`const char **argv` too).
    auto Arg = [&](unsigned K, const char *Name) {
      return "(" + T.declare(F->getParamDecl(K)->getType().getUnqualifiedType(), "") + ")" + Name;
    };
    std::string Call =
        Params == 0   ? "parade_user_main()"
        : Params == 2 ? "parade_user_main(argc, " + Arg(1, "argv") + ")"
                      : "parade_user_main(argc, " + Arg(1, "argv") + ", " + Arg(2, "environ") + ")";
    std::string Shim = InHeader ? "\n#undef main\n" : "\n";
    if (Params == 3)
      Shim += "extern char **environ;\n";
    Shim += "static int parade_main_shim(int argc, char **argv) { (void)argc; (void)argv; ";
    Shim += ReturnsInt ? "return " + Call + "; }\n" : Call + "; return 0; }\n";
    Shim += "int main(int argc, char **argv) { return parade_main(argc, argv, "
            "parade_main_shim); }\n";
    T.insert(T.SM.getLocForEndOfFile(T.SM.getMainFileID()), Shim, /*After=*/true);
    return;
  }
}

} // namespace parade
