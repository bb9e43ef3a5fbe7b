//===- Replay.cpp - A critical by replay on every node --------------------===//
#include "Replay.h"

#include "AstUtil.h"
#include "Collectives.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace parade {

namespace {

/// The variables a block names, by role, and what unfits it for a replay.
class Names : public RecursiveASTVisitor<Names> {
public:
  Names(Translation &T) : T(T) {}
  std::string Why;
  std::vector<const VarDecl *> State, Inputs; ///< in order of first use
  llvm::DenseSet<const VarDecl *> Locals;

  bool VisitVarDecl(VarDecl *V) {
    if (V->hasGlobalStorage())
      return fail("the block declares the static variable '" + V->getName().str() + "'");
    Locals.insert(V);
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *R) {
    const auto *V = dyn_cast<VarDecl>(R->getDecl());
    if (!V || Locals.count(V))
      return true;
    auto &List = isShared(T, V, R->getExprLoc()) ? State : Inputs;
    if (std::find(List.begin(), List.end(), V) == List.end())
      List.push_back(V);
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->getOpcode() == UO_Deref)
      return fail("the block reads through a pointer");
    if (U->isIncrementDecrementOp())
      return written(U->getSubExpr());
    return true;
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    return B->isAssignmentOp() ? written(B->getLHS()) : true;
  }
  bool VisitArraySubscriptExpr(ArraySubscriptExpr *) {
    return fail("the block reads an array element");
  }
  bool VisitMemberExpr(MemberExpr *M) {
    return M->isArrow() ? fail("the block reads through a pointer") : true;
  }

private:
  Translation &T;
  bool fail(const std::string &Reason) {
    if (Why.empty())
      Why = Reason;
    return false;
  }
  bool written(const Expr *LHS) {
    const VarDecl *V = varOf(LHS);
    if (V && !Locals.count(V) && !isShared(T, V, LHS->getExprLoc()))
      return fail("the block writes '" + V->getName().str() +
                  "', the thread's own, which a replay elsewhere could not give back");
    return true;
  }
};

/// How @p Spelled (a variable's spelling in the region) is declared to
/// stand for @p Storage of type @p Ty in the replay function.
std::string alias(Translation &T, QualType Ty, const std::string &Spelled,
                  const std::string &Storage) {
  // A pooled variable is spelled through its pointer, (*ptr).
  if (Spelled.size() > 3 && Spelled.compare(0, 2, "(*") == 0 && Spelled.back() == ')')
    return T.declare(T.Ctx.getPointerType(Ty.getUnqualifiedType()),
                     Spelled.substr(2, Spelled.size() - 3)) +
           " = (void *)&" + Storage + "; ";
  return T.declare(Ty.getUnqualifiedType(), Spelled) + "; parade_copy(&" + Spelled + ", &" +
         Storage + ", sizeof " + Spelled + "); ";
}

} // namespace

std::optional<std::string> criticalAsReplay(ConstructContext &C, const OMPExecutableDirective *D,
                                            const std::string &LockName, std::string &Why,
                                            unsigned &Bytes, unsigned &InputBytes) {
  Translation &T = C.T;
  Bytes = InputBytes = 0;
  if (T.Opts.ForceLockPath) {
    Why = "-fparade-sync=lock";
    return std::nullopt;
  }
  const OMPExecutableDirective *Region = C.enclosingRegion(D);
  if (!oncePerThread(T, D, Region, Why))
    return std::nullopt;
  const Stmt *Body = directiveBody(D);
  std::vector<const VarDecl *> Written;
  if (Why = collectiveUnfit(T, Body, Written); !Why.empty())
    return std::nullopt;
  Names N(T);
  N.TraverseStmt(const_cast<Stmt *>(Body));
  if (!N.Why.empty()) {
    Why = N.Why;
    return std::nullopt;
  }
  if (Written.empty()) {
    Why = "the block writes no shared variable";
    return std::nullopt;
  }
  const Translation::SyncWrites &W = syncWrites(T);
  std::vector<const Stmt *> MayWriteAnything(W.WriteAnything.begin(), W.WriteAnything.end());
  for (const auto &Typed : W.ThroughPointer)
    MayWriteAnything.insert(MayWriteAnything.end(), Typed.second.begin(), Typed.second.end());
  for (const Stmt *Other : MayWriteAnything)
    if (Other != D) {
      Why = "a critical or atomic at line " +
            std::to_string(T.SM.getExpansionLineNumber(Other->getBeginLoc())) +
            " may write anything, also what the block reads";
      return std::nullopt;
    }
  for (const VarDecl *V : N.State) {
    if (runtimeTypeName(V->getType(), T.Ctx).empty()) {
      Why = "the block names '" + V->getName().str() + "', which is not a shared scalar";
      return std::nullopt;
    }
    auto It = W.Writers.find(V->getCanonicalDecl());
    if (It != W.Writers.end())
      for (const Stmt *Other : It->second)
        if (Other != D) {
          Why = "'" + V->getName().str() + "' is also written by the critical or atomic at line " +
                std::to_string(T.SM.getExpansionLineNumber(Other->getBeginLoc()));
          return std::nullopt;
        }
    Bytes += (unsigned)T.Ctx.getTypeSizeInChars(V->getType()).getQuantity();
  }
  for (const VarDecl *V : N.Inputs) {
    QualType Ty = V->getType();
    if (Ty->isVariablyModifiedType() || Ty->isArrayType() || Ty->isIncompleteType()) {
      Why = "the block reads '" + V->getName().str() + "', which cannot be copied by value";
      return std::nullopt;
    }
    // The inputs travel in a struct at file scope, which must name their
    // types: not a struct, union or enum without a name, or of a function.
    QualType Inner = Ty;
    while (Inner->isPointerType())
      Inner = Inner->getPointeeType();
    if (const auto *Tag = Inner->getAs<TagType>()) {
      const TagDecl *TD = Tag->getDecl();
      if ((!TD->getIdentifier() && !TD->getTypedefNameForAnonDecl()) ||
          TD->getDeclContext()->isFunctionOrMethod()) {
        Why = "the block reads '" + V->getName().str() + "', whose type has no name at file scope";
        return std::nullopt;
      }
    }
    InputBytes += (unsigned)T.Ctx.getTypeSizeInChars(Ty).getQuantity();
  }
  if (!collectiveFits(T, Region, Bytes, Why))
    return std::nullopt;
  // The shared variables, written ones first (the runtime stores those).
  std::vector<const VarDecl *> State = Written;
  for (const VarDecl *V : N.State)
    if (std::find(State.begin(), State.end(), V) == State.end())
      State.push_back(V);
  std::string Id = std::to_string(T.fresh());
  std::string Struct = "struct parade_rin_" + Id, Fn = "parade_replay_" + Id;
  SourceLocation At = D->getBeginLoc();
  std::string Fields, Values, Unpack, Targets, Sizes, Load, Store, Offset = "0";
  for (size_t K = 0; K < N.Inputs.size(); K++) {
    const VarDecl *V = N.Inputs[K];
    std::string F = "f" + std::to_string(K), Spelled = T.spell(V, At, D);
    Fields += T.declare(V->getType().getUnqualifiedType(), F) + "; ";
    Values += std::string(K ? ", " : "") + Spelled;
    Unpack += alias(T, V->getType(), Spelled, "parade_in->" + F);
  }
  if (N.Inputs.empty())
    Fields = "char parade_none; ", Values = "0";
  for (size_t K = 0; K < State.size(); K++) {
    const VarDecl *V = State[K];
    std::string X = "parade_x" + std::to_string(K), Spelled = T.spell(V, At, D);
    Targets += std::string(K ? ", " : "") + "(void *)&" + Spelled;
    Sizes += std::string(K ? ", " : "") + "sizeof " + Spelled;
    Load += T.declare(V->getType().getUnqualifiedType(), X) + "; parade_copy(&" + X +
            ", parade_sp + " + Offset + ", sizeof " + X + "); " +
            alias(T, V->getType(), Spelled, X);
    if (K < Written.size())
      Store += "parade_copy(parade_sp + " + Offset + ", &" + X + ", sizeof " + X + "); ";
    Offset += " + sizeof " + X;
  }
  // The replayed variables are copies: an alias by name is copied back
  // into its X before the store.
  std::string Sync;
  for (size_t K = 0; K < Written.size(); K++) {
    std::string Spelled = T.spell(Written[K], At, D);
    if (Spelled.compare(0, 2, "(*") != 0)
      Sync += "parade_copy(&parade_x" + std::to_string(K) + ", &" + Spelled + ", sizeof " +
              Spelled + "); ";
  }
  std::string Outlined =
      Struct + " { " + Fields + "};\nstatic void " + Fn +
      "(void *parade_state, const void *parade_inputs, int parade_nt) {\n  "
      "unsigned char *parade_sp = parade_state;\n  " +
      Load + "\n  for (int parade_t = 0; parade_t < parade_nt; parade_t++) {\n    const " + Struct +
      " *parade_in = (const " + Struct + " *)parade_inputs + parade_t;\n    " + Unpack + "\n" +
      C.bodyText(D) + "\n  }\n  " + Sync + Store + "\n}\n";
  T.addBeforeFunction(C.Function->getBeginLoc(), T.asCodeOf(C.Function, Outlined, D));
  return "{ " + Struct + " parade_rin = {" + Values + "}; void *parade_rt[] = {" + Targets +
         "}; __SIZE_TYPE__ parade_rs[] = {" + Sizes +
         "}; parade_replay_store(&parade_rin, sizeof " + "parade_rin, " + Fn +
         ", parade_rt, parade_rs, " + std::to_string(State.size()) + ", " +
         std::to_string(Written.size()) + ", " + LockName + "); }";
}

} // namespace parade
