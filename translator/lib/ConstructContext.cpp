//===- ConstructContext.cpp - What a construct's translation may ask -----===//
#include "ConstructContext.h"

#include "AstUtil.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace parade {

void ConstructContext::enterFunction(const FunctionDecl *F) {
  Function = F;
  Regions.clear();
  // A directive's children() do not reach its associated statement; a
  // visitor does.
  class Collector : public RecursiveASTVisitor<Collector> {
  public:
    std::vector<const OMPExecutableDirective *> &Out;
    explicit Collector(std::vector<const OMPExecutableDirective *> &Out) : Out(Out) {}
    bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
      if (isParallel(D))
        Out.push_back(D);
      return true;
    }
  } C(Regions);
  C.TraverseStmt(F->getBody());
}

bool ConstructContext::nestedInRegion(const OMPExecutableDirective *D) const {
  for (const OMPExecutableDirective *R : Regions)
    if (R != D && T.contains(T.extent(R), D->getBeginLoc()))
      return true;
  return false;
}

const OMPExecutableDirective *
ConstructContext::enclosingRegion(const OMPExecutableDirective *D) const {
  const OMPExecutableDirective *Found = nullptr;
  for (const OMPExecutableDirective *R : Regions)
    if (R != D && T.contains(T.extent(R), D->getBeginLoc()))
      Found = R;
  return Found;
}

bool ConstructContext::endsRegion(const OMPExecutableDirective *D) const {
  const OMPExecutableDirective *R = enclosingRegion(D);
  if (!R || isLeague(R) || !R->getClausesOfKind<OMPReductionClause>().empty())
    return false;
  // Without the loop's barrier a thread leaves the region's body while
  // others may still be in the loop: nothing of its frame may be in use
  // by them. So the region privatizes nothing (its private copies live in
  // that frame; another thread may hold one's address) and its block
  // declares nothing around the loop (a local whose address escapes is
  // freed at the block's end, pooled or not).
  if (!R->getClausesOfKind<OMPPrivateClause>().empty() ||
      !R->getClausesOfKind<OMPFirstprivateClause>().empty())
    return false;
  for (const auto *Def : R->getClausesOfKind<OMPDefaultClause>())
    if (Def->getDefaultKind() == llvm::omp::OMP_DEFAULT_private ||
        Def->getDefaultKind() == llvm::omp::OMP_DEFAULT_firstprivate)
      return false;
  const Stmt *Body = directiveBody(R);
  if (Body == D)
    return true;
  const auto *Block = dyn_cast_or_null<CompoundStmt>(Body);
  if (!Block)
    return false;
  const Stmt *Last = nullptr;
  for (const Stmt *S : Block->body()) {
    if (isa<DeclStmt>(S))
      return false;
    if (!isa<NullStmt>(S))
      Last = S;
  }
  return Last == D;
}

std::optional<SourceRange> ConstructContext::regionExtent(const OMPExecutableDirective *D) const {
  if (const OMPExecutableDirective *R = enclosingRegion(D))
    return T.extent(R);
  return std::nullopt;
}

std::string ConstructContext::enclosingPrototype() const {
  // A prototype with VLA parameters would name their bounds at file
  // scope; such a function gets none (a recursive call from its own
  // outlined code then fails to compile).
  if (!Function || Function->isMain())
    return "";
  for (const ParmVarDecl *P : Function->parameters())
    if (P->getType()->isVariablyModifiedType())
      return "";
  std::string Storage = Function->getStorageClass() == SC_Static ? "static " : "";
  QualType Ty = Function->getType();
  if (const auto *FPT = Ty->getAs<FunctionProtoType>()) {
    // The parameters as written (`double v[3]`, an array typedef), not
    // adjusted to pointers: gcc compares the definition with this one
    // (-Warray-parameter).
    SmallVector<QualType, 8> Params;
    for (const ParmVarDecl *P : Function->parameters())
      Params.push_back(P->getOriginalType());
    Ty = T.Ctx.getFunctionType(FPT->getReturnType(), Params, FPT->getExtProtoInfo());
  }
  return Storage + T.declare(Ty, Function->getName()) + ";\n";
}

std::string ConstructContext::bodyText(const OMPExecutableDirective *D) const {
  const Stmt *Body = directiveBody(D);
  return T.textWithLines(T.beginOf(Body), T.endOf(Body));
}

std::string ConstructContext::stmtText(const Stmt *S) const {
  return T.textWithLines(T.beginOf(S), T.endOf(S));
}

/// The expression the program wrote: for a combined construct, Sema puts
/// a clause's expression in a helper variable (`.capture_expr.`) and the
/// clause refers to that, whose source range is not the expression's.
static const Expr *uncaptured(const Expr *E) {
  while (const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreImpCasts())) {
    const auto *Captured = dyn_cast<OMPCapturedExprDecl>(Ref->getDecl());
    if (!Captured || !Captured->getInit())
      break;
    E = Captured->getInit();
  }
  return E;
}

std::string ConstructContext::exprText(const Expr *E) const {
  E = uncaptured(E);
  // An expression inside a macro's own text (a loop's bounds in
  // `#define FOR_ALL(i, n) for (i = 0; i < (n); i++)`) has no text of the
  // file: it is printed from the AST, unless it names a variable whose
  // spelling the translation changes (its name would be wrong there).
  if (Lexer::makeFileCharRange(CharSourceRange::getTokenRange(E->getSourceRange()), T.SM,
                               T.Ctx.getLangOpts())
          .isInvalid()) {
    struct Renamed : RecursiveASTVisitor<Renamed> {
      Translation &T;
      bool Found = false;
      explicit Renamed(Translation &T) : T(T) {}
      bool VisitDeclRefExpr(DeclRefExpr *R) {
        const auto *V = dyn_cast<VarDecl>(R->getDecl());
        if (V &&
            (T.Pooled.count(V->getCanonicalDecl()) || T.Renamed.count(V->getCanonicalDecl())) &&
            !T.MacroAliased.count(V->getCanonicalDecl()))
          Found = true;
        return !Found;
      }
    } Names(T);
    Names.TraverseStmt(const_cast<Expr *>(E));
    if (!Names.Found) {
      std::string Out;
      llvm::raw_string_ostream OS(Out);
      E->printPretty(OS, nullptr, PrintingPolicy(T.Ctx.getLangOpts()));
      return "(" + OS.str() + ")";
    }
  }
  return "(" + T.text(E->getSourceRange()) + ")";
}

std::string ConstructContext::clauseText(const OMPExecutableDirective *D, const Expr *E) const {
  E = uncaptured(E);
  struct Refs : RecursiveASTVisitor<Refs> {
    std::vector<const DeclRefExpr *> Found;
    bool VisitDeclRefExpr(DeclRefExpr *R) {
      Found.push_back(R);
      return true;
    }
  } Refs;
  Refs.TraverseStmt(const_cast<Expr *>(E));
  SourceRange Range = E->getSourceRange();
  if (Range.getBegin().isMacroID() || Range.getEnd().isMacroID())
    return exprText(E);
  CharSourceRange Chars = CharSourceRange::getTokenRange(Range);
  std::string Text = Lexer::getSourceText(Chars, T.SM, T.Ctx.getLangOpts()).str();
  unsigned Begin = T.SM.getFileOffset(Range.getBegin());
  // Right to left, so that earlier offsets stay valid.
  std::sort(Refs.Found.begin(), Refs.Found.end(), [&](const DeclRefExpr *A, const DeclRefExpr *B) {
    return T.SM.getFileOffset(A->getLocation()) > T.SM.getFileOffset(B->getLocation());
  });
  for (const DeclRefExpr *R : Refs.Found) {
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    if (!V)
      continue;
    std::string Spelled = T.spell(V->getCanonicalDecl(), D->getBeginLoc(), D);
    if (Spelled == V->getName())
      continue;
    if (R->getLocation().isMacroID()) {
      T.error(R->getLocation(),
              "variable '" + V->getName().str() + "' is named in a clause through a macro");
      continue;
    }
    unsigned Offset = T.SM.getFileOffset(R->getLocation()) - Begin;
    Text.replace(Offset, V->getName().size(), Spelled);
  }
  return "(" + Text + ")";
}

} // namespace parade
