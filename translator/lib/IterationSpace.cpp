//===- IterationSpace.cpp - A loop nest's iterations as C text ------------===//
#include "IterationSpace.h"

using namespace clang;

namespace parade {

std::string countExpr(BinaryOperatorKind Cmp, const std::string &S) {
  // Bounds compare in their own type (boundType); the distance between
  // them is taken in unsigned long long, where it cannot overflow (a loop
  // from LLONG_MIN + 1 to LLONG_MAX, or an unsigned one across 2^63), and
  // a negative step's size is 0 - step there too.
  std::string Lb = "parade_lb" + S, Ub = "parade_ub" + S, St = "parade_st" + S;
  auto U = [](const std::string &E) { return "(unsigned long long)" + E; };
  std::string Up = "(" + U(Ub) + " - " + U(Lb) + ")", Down = "(" + U(Lb) + " - " + U(Ub) + ")";
  std::string PosStep = U(St), NegStep = "(0ULL - " + U(St) + ")";
  switch (Cmp) {
  case BO_LT:
    return St + " > 0 && " + Lb + " < " + Ub + " ? (long long)((" + Up + " - 1) / " + PosStep +
           " + 1) : 0";
  case BO_LE:
    return St + " > 0 && " + Lb + " <= " + Ub + " ? (long long)(" + Up + " / " + PosStep +
           " + 1) : 0";
  case BO_GT:
    return St + " < 0 && " + Lb + " > " + Ub + " ? (long long)((" + Down + " - 1) / " + NegStep +
           " + 1) : 0";
  case BO_GE:
    return St + " < 0 && " + Lb + " >= " + Ub + " ? (long long)(" + Down + " / " + NegStep +
           " + 1) : 0";
  default:
    return St + " > 0 ? (" + Ub + " > " + Lb + " ? (long long)" + Up + " : 0) : (" + Lb + " > " +
           Ub + " ? (long long)" + Down + " : 0)";
  }
}

std::string stepText(ConstructContext &C, const CanonicalLoop &L) {
  if (L.StepConst)
    return std::to_string(L.StepConst);
  // Negated after the conversion: -(long long)1000000000u, where
  // (long long)-1000000000u would be a positive step.
  if (L.StepNegated)
    return "-(long long)(" + C.exprText(L.StepExpr) + ")";
  return C.exprText(L.StepExpr);
}

std::string boundType(const ASTContext &Ctx, QualType VarTy) {
  // Narrower types' values all fit in long long, which keeps comparing a
  // loop variable with a negative bound as before.
  return VarTy->isUnsignedIntegerType() && Ctx.getTypeSize(VarTy) >= 64 ? "unsigned long long"
                                                                        : "long long";
}

namespace {

/// A nest of two whose inner bounds name the outer variable: the counts of
/// the outer iterations' inner loops, summed (parade_pc), number the
/// iterations; an iteration finds its outer iteration (parade_o) from the
/// previous one's, which is near for consecutive iterations.
IterationSpace nonRectangular(ConstructContext &C, const std::vector<CanonicalLoop> &Loops) {
  Translation &T = C.T;
  IterationSpace Out;
  auto Step = [&](const CanonicalLoop &L) { return stepText(C, L); };
  const CanonicalLoop &O = Loops[0], &I = Loops[1];
  QualType OTy = O.Var->getType().getUnqualifiedType(), ITy = I.Var->getType().getUnqualifiedType();
  std::string OVar = O.Var->getName().str(), IVar = I.Var->getName().str();
  std::string OCast = "(" + T.declare(OTy, "") + ")", ICast = "(" + T.declare(ITy, "") + ")";
  std::string Outer =
      T.declare(OTy, OVar) + " = " + OCast + "(parade_lb0 + parade_o * parade_st0); ";
  std::string InnerBounds = "long long parade_lb1 = (long long)" + C.exprText(I.Lower) +
                            ", parade_ub1 = (long long)" + C.exprText(I.Upper) +
                            ", parade_st1 = (long long)(" + Step(I) + "); ";
  Out.Bounds = "long long parade_lb0 = (long long)" + C.exprText(O.Lower) +
               ", parade_ub0 = (long long)" + C.exprText(O.Upper) + ", parade_st0 = (long long)(" +
               Step(O) + ");\n  long long parade_n0 = " + countExpr(O.Cmp, "0") + ";\n  " +
               "long long *parade_pc __attribute__((cleanup(parade_private_release))) = (long long "
               "*)parade_private_alloc(sizeof(long long) * (unsigned long)(parade_n0 + 1));\n  " +
               "parade_pc[0] = 0;\n  for (long long parade_o = 0; parade_o < parade_n0; "
               "parade_o++) { " +
               Outer + InnerBounds + "parade_pc[parade_o + 1] = parade_pc[parade_o] + (" +
               countExpr(I.Cmp, "1") + "); }\n  long long parade_o = 0;\n  ";
  Out.Total = "parade_pc[parade_n0]";
  Out.Indices = "while (parade_pc[parade_o + 1] <= parade_r) parade_o++; while "
                "(parade_pc[parade_o] > parade_r) parade_o--; " +
                Outer + InnerBounds + "(void)parade_ub1; " + T.declare(ITy, IVar) + " = " + ICast +
                "(parade_lb1 + (parade_r - parade_pc[parade_o]) * parade_st1); ";
  Out.Finals.push_back(OCast + "(parade_lb0 + parade_n0 * parade_st0)");
  Out.Finals.push_back(""); // the inner variable's last value: not supported
  Out.NonRectangular = true;
  return Out;
}

} // namespace

IterationSpace iterationSpace(ConstructContext &C, const std::vector<CanonicalLoop> &Loops) {
  if (Loops.size() == 2 && Loops[1].BoundsNameOuter)
    return nonRectangular(C, Loops);
  Translation &T = C.T;
  IterationSpace Out;
  QualType LL = T.Ctx.LongLongTy;
  for (size_t K = 0; K < Loops.size(); K++) {
    const CanonicalLoop &L = Loops[K];
    std::string S = std::to_string(K);
    std::string Step = stepText(C, L);
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
      std::string BT = boundType(T.Ctx, VarTy);
      Out.Bounds += BT + " parade_lb" + S + " = (" + BT + ")" + C.exprText(L.Lower) +
                    ", parade_ub" + S + " = (" + BT + ")" + C.exprText(L.Upper) +
                    ";\n  long long parade_st" + S + " = (long long)(" + Step +
                    ");\n  long long parade_n" + S + " = " + countExpr(L.Cmp, S) + ";\n  ";
    }
    Out.Inputs.emplace_back(boundType(T.Ctx, VarTy) == "long long" ? LL : T.Ctx.UnsignedLongLongTy,
                            "parade_lb" + S);
    for (const char *Name : {"parade_st", "parade_n"})
      Out.Inputs.emplace_back(LL, Name + S);
    Out.Total += std::string(K ? " * " : "") + "parade_n" + S;
    // Innermost varies fastest: peel indices from the end. A single loop
    // needs no division (it would cost more than a cheap iteration).
    // A 64-bit variable's value lb + r * st may pass through values long
    // long cannot hold (a signed loop over more than half its range):
    // unsigned arithmetic wraps to the right value.
    bool Wide = !VarTy->isPointerType() && T.Ctx.getTypeSize(VarTy) >= 64;
    auto Value = [&](const std::string &R) {
      if (Wide)
        return Cast + "((unsigned long long)parade_lb" + S + " + (unsigned long long)" + R +
               " * (unsigned long long)parade_st" + S + ")";
      return Cast + "(parade_lb" + S + " + " + R + " * parade_st" + S + ")";
    };
    if (Loops.size() == 1)
      Out.Indices = T.declare(VarTy, Var) + " = " + Value("parade_r") + "; ";
    else
      Out.Indices = T.declare(VarTy, Var) + " = " + Value("(parade_r % parade_n" + S + ")") +
                    "; parade_r /= parade_n" + S + "; " + Out.Indices;
    Out.Finals.push_back(Value("parade_n" + S));
  }
  return Out;
}

} // namespace parade
