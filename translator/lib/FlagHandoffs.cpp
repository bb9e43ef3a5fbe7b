//===- FlagHandoffs.cpp - data handed on through a flag and flush ---------===//
#include "FlagHandoffs.h"

#include "AstUtil.h"
#include "VolatileAccesses.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace parade {

namespace {

/// The largest flag: a few words, or a small array of them (one per
/// thread); a larger array named in a flush list is data, whose stores in
/// a loop would each cost a release.
constexpr uint64_t MaxFlagBytes = 4096;

class Handoffs : public RecursiveASTVisitor<Handoffs> {
public:
  explicit Handoffs(Translation &T) : T(T) {}

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || !T.inMainFile(F->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseFunctionDecl(F);
  }
  /// An atomic's accesses synchronise already.
  bool TraverseOMPAtomicDirective(OMPAtomicDirective *D) {
    return Collecting ? RecursiveASTVisitor::TraverseOMPAtomicDirective(D) : true;
  }

  bool VisitOMPFlushDirective(OMPFlushDirective *D) {
    if (!Collecting)
      return true;
    Flushes.push_back(D);
    for (const OMPClause *C : D->clauses())
      if (const auto *List = dyn_cast<OMPFlushClause>(C))
        for (const Expr *E : List->varlists())
          if (const VarDecl *V = varOf(E); V && isFlag(V))
            Flags.insert(V->getCanonicalDecl());
    return true;
  }
  bool VisitWhileStmt(WhileStmt *W) { return polls(W, W->getCond()); }
  bool VisitDoStmt(DoStmt *D) { return polls(D, D->getCond()); }
  bool VisitForStmt(ForStmt *F) { return polls(F, F->getCond()); }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (!Collecting && B->isAssignmentOp())
      stored(B, B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (!Collecting && U->isIncrementDecrementOp())
      stored(U, U->getSubExpr());
    return true;
  }

  void run(TranslationUnitDecl *TU) {
    Collecting = true;
    TraverseDecl(TU);
    Collecting = false;
    if (!Flags.empty())
      TraverseDecl(TU);
    for (const OMPFlushDirective *D : Flushes) {
      flagsBeforeListlessFlush(D);
      followPollingLoop(D);
    }
    // A volatile flag's reads are flushes before the read (VolatileAccesses):
    // another thread of the node may fetch a data page between that flush
    // and the read that sees the flag raised.
    for (const Stmt *Loop : VolatilePolls)
      if (!associated(Loop))
        follow(Loop, "polls a volatile object");
  }

private:
  Translation &T;
  bool Collecting = false;
  std::vector<const OMPFlushDirective *> Flushes;
  std::vector<const Stmt *> VolatilePolls;
  llvm::DenseSet<const VarDecl *> Flags;
  llvm::DenseSet<const Stmt *> Wrapped, Done;

  /// Note loop @p Loop if its condition @p Cond reads a shared volatile.
  bool polls(const Stmt *Loop, const Expr *Cond) {
    if (!Collecting || !Cond)
      return true;
    struct Reads : RecursiveASTVisitor<Reads> {
      Translation &T;
      bool Found = false;
      explicit Reads(Translation &T) : T(T) {}
      bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
        if (C->getCastKind() == CK_LValueToRValue && sharedVolatile(T, C->getSubExpr()))
          Found = true;
        return !Found;
      }
    } R(T);
    R.TraverseStmt(const_cast<Expr *>(Cond));
    if (R.Found)
      VolatilePolls.push_back(Loop);
    return true;
  }

  bool isFlag(const VarDecl *V) const {
    QualType Ty = V->getType();
    if (Ty->isVariablyModifiedType() || Ty->isIncompleteType())
      return false;
    QualType Element = T.Ctx.getBaseElementType(Ty);
    if (!Element->isIntegralOrEnumerationType() || !sharedVariable(T, V))
      return false;
    return static_cast<uint64_t>(T.Ctx.getTypeSizeInChars(Ty).getQuantity()) <= MaxFlagBytes;
  }

  /// A store @p Store to @p Target: a flag's is preceded by a release.
  void stored(const Expr *Store, const Expr *Target) {
    // A volatile object's writes are releases already (VolatileAccesses).
    if (Target->getType().isVolatileQualified() || !T.inMainFile(Store->getBeginLoc()))
      return;
    const VarDecl *V = objectVar(Target);
    if (!V || !Flags.count(V->getCanonicalDecl()))
      return;
    if (releaseBefore(Store, V))
      T.remark(Store->getBeginLoc(), "a store to '" + V->getNameAsString() +
                                         "', a flag named in a flush list, releases this "
                                         "node's writes first");
  }

  /// Precede store @p Store (to @p V) with a release; false, with a
  /// remark, where its text cannot take one.
  bool releaseBefore(const Expr *Store, const VarDecl *V) {
    if (!Done.insert(Store).second)
      return false;
    CharSourceRange Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Store->getSourceRange()), T.SM, T.Ctx.getLangOpts());
    // On a directive's line the directive's translation owns the text; a
    // pooled local's declaration was written anew (its initialiser too).
    if (Range.isInvalid() || T.pragmaStart(Range.getBegin()) != Range.getBegin() ||
        T.insideRewritten(Range.getBegin()) || T.insideRewritten(Range.getEnd())) {
      T.remark(Store->getBeginLoc(),
               "this store to the flag '" + V->getNameAsString() +
                   "' is not a release (it is in a macro, a directive or a rewritten "
                   "declaration): the data written before it may be seen after it");
      return false;
    }
    // A store that is a statement of its own takes the release before it,
    // with nothing at its end, where an inner rewrite (a volatile write on
    // its right) may have put text already.
    if (const Stmt *P = parentOf(Store); P && !isa<Expr>(P)) {
      T.insert(Range.getBegin(), "parade_release(), ", /*After=*/false);
      return true;
    }
    T.insert(Range.getBegin(), "(parade_release(), ", /*After=*/false);
    // Inside a volatile write that ends where this store does (VolatileAccesses
    // wrapped it first), or around one that ends its right-hand side.
    T.insert(Range.getEnd(), ")", /*After=*/endsWithVolatileWrite(Store));
    return true;
  }

  /// Whether store @p Store's text ends with a write to a shared volatile
  /// object (`flag[0] = seen = 1`), which VolatileAccesses wrapped first.
  bool endsWithVolatileWrite(const Expr *Store) const {
    const auto *Assign = dyn_cast<BinaryOperator>(Store->IgnoreParens());
    const Expr *E = Assign ? Assign->getRHS() : nullptr; // `flag++` ends with the flag
    while (E) {
      E = E->IgnoreParens();
      if (const auto *B = dyn_cast<BinaryOperator>(E)) {
        if (B->isAssignmentOp() && sharedVolatile(T, B->getLHS()))
          return true;
        E = B->getRHS();
      } else if (const auto *U = dyn_cast<UnaryOperator>(E)) {
        if (U->isIncrementDecrementOp())
          return sharedVolatile(T, U->getSubExpr());
        E = U->isPostfix() ? nullptr : U->getSubExpr();
      } else if (const auto *C = dyn_cast<ConditionalOperator>(E)) {
        E = C->getFalseExpr();
      } else if (const auto *C = dyn_cast<CastExpr>(E)) {
        E = C->getSubExpr();
      } else {
        E = nullptr;
      }
    }
    return false;
  }

  /// The stores just before flush @p D without a list, in its block, to
  /// shared integer objects: the flags it hands on, which no list names.
  void flagsBeforeListlessFlush(const OMPFlushDirective *D) {
    for (const OMPClause *C : D->clauses())
      if (isa<OMPFlushClause>(C))
        return;
    const auto *Block = dyn_cast_or_null<CompoundStmt>(parentOf(D));
    if (!Block)
      return;
    const Stmt *const *At = llvm::find(Block->body(), D);
    while (At != Block->body_begin()) {
      const auto *E = dyn_cast<Expr>(*--At);
      if (!E)
        return;
      E = E->IgnoreParens();
      const Expr *Target = nullptr;
      if (const auto *B = dyn_cast<BinaryOperator>(E); B && B->isAssignmentOp())
        Target = B->getLHS();
      else if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->isIncrementDecrementOp())
        Target = U->getSubExpr();
      if (!Target || !Target->getType()->isIntegralOrEnumerationType() ||
          Target->getType().isVolatileQualified())
        return;
      const VarDecl *V = objectVar(Target);
      if (!V || !isFlag(V))
        return;
      if (releaseBefore(E, V))
        T.remark(E->getBeginLoc(), "a store to '" + V->getNameAsString() +
                                       "' just before a flush releases this node's writes "
                                       "first");
    }
  }

  /// The statement around @p S, through the CapturedDecl of a directive's
  /// captured statement.
  const Stmt *parentOf(const Stmt *S) const {
    auto Parents = T.Ctx.getParents(*S);
    if (Parents.empty())
      return nullptr;
    if (const auto *CD = Parents[0].get<CapturedDecl>()) {
      auto Outer = T.Ctx.getParents(*CD);
      return Outer.empty() ? nullptr : Outer[0].get<Stmt>();
    }
    return Parents[0].get<Stmt>();
  }

  /// Whether loop @p L is one a loop directive takes over (its own, or one
  /// of a collapsed nest's).
  bool associated(const Stmt *L) const {
    unsigned Level = 1;
    for (const Stmt *P = parentOf(L); P; P = parentOf(P)) {
      if (const auto *D = dyn_cast<OMPLoopBasedDirective>(P))
        return Level <= D->getLoopsNumber();
      if (isa<ForStmt>(P))
        Level++;
      else if (!isa<CompoundStmt, CapturedStmt, AttributedStmt>(P))
        return false;
    }
    return false;
  }

  /// The loop whose body polls with flush @p D is followed by a flush.
  void followPollingLoop(const OMPFlushDirective *D) {
    const Stmt *Loop = nullptr;
    for (const Stmt *P = parentOf(D); P; P = parentOf(P)) {
      if (const auto *Dir = dyn_cast<OMPExecutableDirective>(P)) {
        OpenMPDirectiveKind K = Dir->getDirectiveKind();
        // A region or task of its own: a loop around it is not polling.
        if (isOpenMPParallelDirective(K) || isOpenMPTaskingDirective(K) ||
            isOpenMPTargetExecutionDirective(K) || isOpenMPTeamsDirective(K) ||
            isOpenMPLoopDirective(K))
          return;
        continue;
      }
      if (isa<WhileStmt, DoStmt, ForStmt>(P)) {
        Loop = P;
        break;
      }
    }
    if (Loop && !associated(Loop))
      follow(Loop, "polls with flush");
  }

  /// Follow polling loop @p Loop (which @p Why) with a flush.
  void follow(const Stmt *Loop, const std::string &Why) {
    if (!Wrapped.insert(Loop).second)
      return;
    SourceLocation Begin = T.beginOf(Loop), End = T.endOf(Loop);
    // A loop hint (`#pragma GCC unroll`, `#pragma clang loop`) stays
    // right before its loop: the block opens on a line before the pragma.
    std::string Open = "{ ";
    if (const auto *A = dyn_cast_or_null<AttributedStmt>(parentOf(Loop))) {
      SourceLocation Hint = T.SM.getExpansionLoc(A->getAttrs().front()->getLocation());
      if (SourceLocation Hash = T.pragmaStart(Hint); Hash != Hint) {
        Begin = Hash;
        Open = "{\n" + T.lineDirective(Begin);
      }
    }
    std::string WhyNot;
    if (Begin.isMacroID() || End.isInvalid() || End.isMacroID() || !T.inMainFile(Begin))
      WhyNot = "it is in a macro";
    else if (T.insideRewritten(Begin) || T.insideRewritten(End))
      WhyNot = "it is in text rewritten already";
    else if (endsInDirective(Loop))
      WhyNot = "its body ends with a directive, whose translation takes the text after it";
    if (!WhyNot.empty()) {
      T.remark(Loop->getBeginLoc(), "this loop " + Why + " but is not followed by a flush (" +
                                        WhyNot +
                                        "): data read after it may be older than the flag it saw");
      return;
    }
    T.remark(Loop->getBeginLoc(), "this loop " + Why +
                                      ": a flush follows it, so that data read after it is as "
                                      "new as the flag it saw");
    T.insert(Begin, Open, /*After=*/false);
    T.insert(End, " parade_flush(); }", /*After=*/true);
  }

  /// Whether loop @p Loop's text ends with a directive's statement
  /// (`while (!v) #pragma omp critical x++;`).
  static bool endsInDirective(const Stmt *Loop) {
    for (const Stmt *S = Loop; S; S = trailingSubStmt(S))
      if (isa<OMPExecutableDirective>(S))
        return true;
    return false;
  }
};

} // namespace

void orderFlagHandoffs(Translation &T, TranslationUnitDecl *TU) {
  if (!T.failed())
    Handoffs(T).run(TU);
}

} // namespace parade
