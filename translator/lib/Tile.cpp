//===- Tile.cpp - tile constructs written out as loops --------------------===//
#include "Tile.h"

#include "AstUtil.h"
#include "ConstructContext.h"
#include "IterationSpace.h"
#include "LoopNest.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace parade {

namespace {

class Tiles : public RecursiveASTVisitor<Tiles> {
public:
  explicit Tiles(Translation &T) : T(T), C(T) {}

  bool TraverseFunctionDecl(FunctionDecl *F) {
    if (!F->doesThisDeclarationHaveABody() || !T.inMainFile(F->getLocation()))
      return true;
    C.enterFunction(F);
    return RecursiveASTVisitor::TraverseFunctionDecl(F);
  }

  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (!isa<OMPTileDirective>(D)) {
      // A loop directive applies to the tile's floor loops; any other
      // (single, task, critical) to the tile as a statement.
      if (const auto *Tile = dyn_cast_or_null<OMPTileDirective>(directiveBody(D)))
        if (isa<OMPLoopDirective>(D))
          Consumer[Tile] = D;
      return true;
    }
    if (T.inMainFile(D->getBeginLoc()))
      Found.push_back(cast<OMPTileDirective>(D));
    return true;
  }

  void expandAll() {
    for (const OMPTileDirective *D : Found)
      expand(D);
  }

  std::vector<const OMPTileDirective *> Found;

private:
  Translation &T;
  ConstructContext C;
  /// The loop directive that applies to a tile's floor loops.
  llvm::DenseMap<const Stmt *, const OMPExecutableDirective *> Consumer;

  /// @p Text with each name of loop @p S's bounds replaced by its value.
  static std::string substitute(std::string Text, const std::string &S, const std::string &Lb,
                                const std::string &Ub, const std::string &St) {
    for (auto [Name, Value] : {std::pair{"parade_lb" + S, Lb}, std::pair{"parade_ub" + S, Ub},
                               std::pair{"parade_st" + S, St}})
      for (size_t At = Text.find(Name); At != std::string::npos;
           At = Text.find(Name, At + Value.size()))
        Text.replace(At, Name.size(), Value);
    return Text;
  }

  void expand(const OMPTileDirective *D) {
    if (D->getBeginLoc().isMacroID()) {
      T.error(D->getBeginLoc(), "an OpenMP directive inside a macro that parade could not "
                                "write out is not supported");
      return;
    }
    std::vector<CanonicalLoop> Loops = collapsedLoops(T, D);
    const auto *Sizes = clause<OMPSizesClause>(D);
    if (Loops.empty() || !Sizes)
      return;
    if (hasInterveningCode(Loops)) {
      T.error(D->getBeginLoc(), "tile needs perfectly nested loops");
      return;
    }
    const OMPExecutableDirective *By = Consumer.lookup(D);
    bool Alone = !By;
    if (By && collapseDepth(By, T.Ctx).value_or(1) > Loops.size()) {
      T.error(By->getBeginLoc(), "a loop directive over a tile may collapse its floor loops only "
                                 "in parade (not the loops of a tile)");
      return;
    }
    std::string Id = std::to_string(T.fresh());
    std::string Floors, TileLoops, Vars, Finals;
    for (size_t K = 0; K < Loops.size(); K++) {
      const CanonicalLoop &L = Loops[K];
      std::string S = std::to_string(K);
      std::string Size = C.exprText(Sizes->getSizesRefs()[K]);
      std::string Step = stepText(C, L);
      QualType VarTy = L.Var->getType().getUnqualifiedType();
      bool Pointer = VarTy->isPointerType();
      std::string BT = "(" + boundType(T.Ctx, VarTy) + ")";
      std::string Lb = Pointer ? "0LL" : BT + C.exprText(L.Lower);
      std::string Ub =
          Pointer ? "(long long)(" + C.exprText(L.Upper) + " - " + C.exprText(L.Lower) + ")"
                  : BT + C.exprText(L.Upper);
      std::string St = "(long long)(" + Step + ")";
      std::string Count = "(" + substitute(countExpr(L.Cmp, S), S, Lb, Ub, St) + ")";
      std::string F = "parade_tf" + Id + "_" + S, I = "parade_tt" + Id + "_" + S;
      Floors +=
          "for (long long " + F + " = 0; " + F + " < " + Count + "; " + F + " += " + Size + ") ";
      TileLoops += "for (long long " + I + " = " + F + "; " + I + " < (" + F + " + " + Size +
                   " < " + Count + " ? " + F + " + " + Size + " : " + Count + "); " + I + "++) ";
      std::string Value =
          Pointer ? C.exprText(L.Lower) + " + " + I + " * " + St
                  : "(" + T.declare(VarTy, "") + ")(" + Lb + " + " + I + " * " + St + ")";
      // A variable declared outside its loop is the one the body sees (a
      // global a function reads, say): a tile on its own sets it, and
      // leaves it one step past its last value, as after the loops the
      // tile stands for. Under a loop directive each thread gets its own.
      const ForStmt *For = L.For;
      bool Outside = For && !T.contains(For->getSourceRange(), L.Var->getLocation());
      if (Outside && Alone)
        Vars += T.spell(L.Var, D->getBeginLoc()) + " = " + Value + "; ";
      else
        Vars += T.declare(VarTy, L.Var->getName()) + " = " + Value + "; ";
      if (Outside && !Alone) {
        bool Named = false;
        for (const auto *LP : By->getClausesOfKind<OMPLastprivateClause>())
          for (const Expr *E : LP->varlists())
            Named |= varOf(E) == L.Var;
        for (const auto *Lin : By->getClausesOfKind<OMPLinearClause>())
          for (const Expr *E : Lin->varlists())
            Named |= varOf(E) == L.Var;
        if (Named) {
          T.error(By->getBeginLoc(), "lastprivate or linear of a loop variable of a tile is not "
                                     "supported by parade");
          return;
        }
      }
      if (Outside && Alone) {
        std::string End =
            Pointer ? C.exprText(L.Lower) + " + " + Count + " * " + St
                    : "(" + T.declare(VarTy, "") + ")(" + Lb + " + " + Count + " * " + St + ")";
        Finals += T.spell(L.Var, D->getBeginLoc()) + " = " + End + "; ";
      }
    }
    T.remark(D->getBeginLoc(), "tile: " + std::to_string(Loops.size()) + " floor loop(s) over " +
                                   "the tiles, then the loops of a tile" +
                                   (Alone ? ""
                                          : "; the enclosing loop directive applies to the "
                                            "floor loops"));
    if (T.failed())
      return;
    // From the pragma's # to the innermost body: the loops' headers, on
    // the pragma's line; the lines they took stay, empty.
    const Stmt *Body = Loops.back().Body;
    SourceLocation Begin = T.pragmaStart(D->getBeginLoc());
    CharSourceRange Heads = CharSourceRange::getCharRange(Begin, Body->getBeginLoc());
    std::string Old = T.textBetween(Begin, Body->getBeginLoc());
    std::string Lines(std::count(Old.begin(), Old.end(), '\n'), '\n');
    std::string Open = Alone ? "{ " : "";
    T.replace(Heads, Open + Floors + TileLoops + "{ " + Vars + Lines);
    T.insert(T.endOf(Body), " }" + (Alone ? " " + Finals + "}" : std::string()));
    // A loop's block that holds the next loop alone: its opening brace
    // went with the headers, its closing one goes too.
    for (const CanonicalLoop &L : Loops)
      if (L.Around) {
        SourceLocation R = L.Around->getRBracLoc();
        if (R.isMacroID()) {
          T.error(R, "a tile whose loops' braces come from a macro is not supported by parade");
          return;
        }
        T.replace(CharSourceRange::getCharRange(R, R.getLocWithOffset(1)), " ");
      }
  }
};

} // namespace

unsigned expandTiles(Translation &T, TranslationUnitDecl *TU) {
  Tiles V(T);
  V.TraverseDecl(TU);
  V.expandAll();
  return V.Found.size();
}

} // namespace parade
