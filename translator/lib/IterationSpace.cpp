//===- IterationSpace.cpp - A loop nest's iterations as C text ------------===//
#include "IterationSpace.h"

using namespace clang;

namespace parade {

std::string countExpr(BinaryOperatorKind Cmp, const std::string &S) {
  std::string Lb = "parade_lb" + S, Ub = "parade_ub" + S, St = "parade_st" + S;
  switch (Cmp) {
  case BO_LT:
    return St + " > 0 && " + Lb + " < " + Ub + " ? (" + Ub + " - " + Lb + " + " + St + " - 1) / " +
           St + " : 0";
  case BO_LE:
    return St + " > 0 && " + Lb + " <= " + Ub + " ? (" + Ub + " - " + Lb + ") / " + St + " + 1 : 0";
  case BO_GT:
    return St + " < 0 && " + Lb + " > " + Ub + " ? (" + Lb + " - " + Ub + " - " + St + " - 1) / -" +
           St + " : 0";
  case BO_GE:
    return St + " < 0 && " + Lb + " >= " + Ub + " ? (" + Lb + " - " + Ub + ") / -" + St +
           " + 1 : 0";
  default:
    return St + " > 0 ? (" + Ub + " > " + Lb + " ? " + Ub + " - " + Lb + " : 0) : (" + Lb + " > " +
           Ub + " ? " + Lb + " - " + Ub + " : 0)";
  }
}

IterationSpace iterationSpace(ConstructContext &C, const std::vector<CanonicalLoop> &Loops) {
  Translation &T = C.T;
  IterationSpace Out;
  QualType LL = T.Ctx.LongLongTy;
  for (size_t K = 0; K < Loops.size(); K++) {
    const CanonicalLoop &L = Loops[K];
    std::string S = std::to_string(K);
    std::string Step = L.StepConst     ? std::to_string(L.StepConst)
                       : L.StepNegated ? "-" + C.exprText(L.StepExpr)
                                       : C.exprText(L.StepExpr);
    QualType VarTy = L.Var->getType().getUnqualifiedType();
    std::string Var = L.Var->getName().str();
    std::string Cast = "(" + T.declare(VarTy, "") + ")";
    if (VarTy->isPointerType()) {
      // A pointer loop counts elements from its lower bound, the base.
      std::string Base = "parade_pb" + S;
      Out.Bounds += T.declare(VarTy, Base) + " = " + C.exprText(L.Lower) + ";\n  ";
      Out.Bounds += "long long parade_lb" + S + " = 0, parade_ub" + S + " = (long long)(" +
                    C.exprText(L.Upper) + " - " + Base + "), parade_st" + S + " = (long long)(" +
                    Step + ");\n  long long parade_n" + S + " = " + countExpr(L.Cmp, S) + ";\n  ";
      Cast = Base + " + ";
      Out.Inputs.emplace_back(VarTy, Base);
    } else {
      Out.Bounds += "long long parade_lb" + S + " = (long long)" + C.exprText(L.Lower) +
                    ", parade_ub" + S + " = (long long)" + C.exprText(L.Upper) + ", parade_st" + S +
                    " = (long long)(" + Step + ");\n  long long parade_n" + S + " = " +
                    countExpr(L.Cmp, S) + ";\n  ";
    }
    for (const char *Name : {"parade_lb", "parade_st", "parade_n"})
      Out.Inputs.emplace_back(LL, Name + S);
    Out.Total += std::string(K ? " * " : "") + "parade_n" + S;
    // Innermost varies fastest: peel indices from the end. A single loop
    // needs no division (it would cost more than a cheap iteration).
    if (Loops.size() == 1)
      Out.Indices = T.declare(VarTy, Var) + " = " + Cast + "(parade_lb0 + parade_r * parade_st0); ";
    else
      Out.Indices = T.declare(VarTy, Var) + " = " + Cast + "(parade_lb" + S +
                    " + (parade_r % parade_n" + S + ") * parade_st" + S +
                    "); parade_r /= parade_n" + S + "; " + Out.Indices;
    Out.Finals.push_back(Cast + "(parade_lb" + S + " + parade_n" + S + " * parade_st" + S + ")");
  }
  return Out;
}

} // namespace parade
