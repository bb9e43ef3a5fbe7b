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

/// A nest whose inner bounds name outer loop variables. The tuples of the
/// outer loops' iterations (all loops but the innermost) are enumerated by
/// running those loops (first to count them, then to record each tuple's
/// iteration numbers in parade_ov); the sums of the tuples' innermost
/// counts (parade_pc) number the nest's iterations. An iteration finds its
/// tuple (parade_o) from the previous one's, which is the same or the next
/// for consecutive iterations, else by binary search.
IterationSpace nonRectangular(ConstructContext &C, const std::vector<CanonicalLoop> &Loops) {
  Translation &T = C.T;
  IterationSpace Out;
  size_t N = Loops.size(), M = N - 1; // M outer loops make a tuple
  std::string Ms = std::to_string(M);
  auto Bounds = [&](size_t K) {
    const CanonicalLoop &L = Loops[K];
    std::string S = std::to_string(K);
    return "long long parade_lb" + S + " = (long long)" + C.exprText(L.Lower) + ", parade_ub" + S +
           " = (long long)" + C.exprText(L.Upper) + ", parade_st" + S + " = (long long)(" +
           stepText(C, L) + "); ";
  };
  auto Value = [&](size_t K, const std::string &Number) {
    const CanonicalLoop &L = Loops[K];
    QualType Ty = L.Var->getType().getUnqualifiedType();
    std::string S = std::to_string(K);
    return T.declare(Ty, L.Var->getName().str()) + " = (" + T.declare(Ty, "") + ")(parade_lb" + S +
           " + " + Number + " * parade_st" + S + "); ";
  };
  // The outer loops around @p Body, which sees their variables and the
  // innermost loop's bounds.
  auto Enumerate = [&](const std::string &Body) {
    std::string Text, Close;
    for (size_t K = 0; K < M; K++) {
      std::string S = std::to_string(K), I = "parade_i" + S;
      if (K > 0)
        Text += Bounds(K) + "long long parade_n" + S + " = " + countExpr(Loops[K].Cmp, S) + "; ";
      Text += "for (long long " + I + " = 0; " + I + " < parade_n" + S + "; " + I + "++) { " +
              Value(K, I);
      Close += "} ";
    }
    return "{ " + Text + Bounds(M) + Body + Close + "}";
  };
  std::string Record;
  for (size_t K = 0; K < M; K++)
    Record += "parade_ov[parade_nt * " + Ms + " + " + std::to_string(K) + "] = parade_i" +
              std::to_string(K) + "; ";
  Record += "parade_pc[parade_nt + 1] = parade_pc[parade_nt] + (" +
            countExpr(Loops[M].Cmp, std::to_string(M)) + "); parade_nt++; ";
  auto Array = [](const std::string &Name, const std::string &Count) {
    return "long long *" + Name +
           " __attribute__((cleanup(parade_private_release))) = (long long "
           "*)parade_private_alloc(sizeof(long long) * (unsigned long)(" +
           Count + "));\n  ";
  };
  Out.Bounds = Bounds(0) + "\n  long long parade_n0 = " + countExpr(Loops[0].Cmp, "0") +
               ";\n  long long parade_nt = 0;\n  " + Enumerate("parade_nt++; ") + "\n  " +
               Array("parade_pc", "parade_nt + 1") +
               Array("parade_ov", "parade_nt * " + Ms + " + 1") +
               "parade_pc[0] = 0; parade_nt = 0;\n  " + Enumerate(Record) +
               "\n  long long parade_o = 0;\n  ";
  Out.Total = "parade_pc[parade_nt]";
  Out.Indices = "if (parade_pc[parade_o] > parade_r || parade_pc[parade_o + 1] <= parade_r) { "
                "long long parade_bl = 0, parade_bh = parade_nt - 1; while (parade_bl < "
                "parade_bh) { long long parade_bm = parade_bl + (parade_bh - parade_bl + 1) / 2; "
                "if (parade_pc[parade_bm] <= parade_r) parade_bl = parade_bm; else parade_bh = "
                "parade_bm - 1; } parade_o = parade_bl; } ";
  for (size_t K = 0; K < M; K++) {
    std::string S = std::to_string(K);
    if (K > 0)
      Out.Indices += Bounds(K) + "(void)parade_ub" + S + "; ";
    Out.Indices += Value(K, "parade_ov[parade_o * " + Ms + " + " + S + "]");
  }
  Out.Indices += Bounds(M) + "(void)parade_ub" + std::to_string(M) + "; " +
                 Value(M, "(parade_r - parade_pc[parade_o])");
  QualType OTy = Loops[0].Var->getType().getUnqualifiedType();
  Out.Finals.push_back("(" + T.declare(OTy, "") + ")(parade_lb0 + parade_n0 * parade_st0)");
  for (size_t K = 1; K < N; K++)
    Out.Finals.push_back(""); // an inner variable's last value: not supported
  Out.NonRectangular = true;
  return Out;
}

} // namespace

IterationSpace iterationSpace(ConstructContext &C, const std::vector<CanonicalLoop> &Loops) {
  for (const CanonicalLoop &L : Loops)
    if (L.BoundsNameOuter)
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
