//===- Scan.cpp - Loops with inscan reductions ----------------------------===//
#include "Scan.h"

#include "AstUtil.h"
#include "DataSharing.h"

#include "clang/AST/OpenMPClause.h"

using namespace clang;

namespace parade {

bool hasInscanReduction(const OMPExecutableDirective *D) {
  for (const auto *R : D->getClausesOfKind<OMPReductionClause>())
    if (R->getModifier() == OMPC_REDUCTION_inscan)
      return true;
  return false;
}

std::string scanIterations(ConstructContext &C, const OMPExecutableDirective *D,
                           const std::vector<CanonicalLoop> &Loops, const IterationSpace &Space) {
  Translation &T = C.T;
  if (hasInterveningCode(Loops)) {
    T.error(D->getBeginLoc(), "a scan loop nest with intervening code is not supported by "
                              "parade");
    return "";
  }
  const auto *Body = dyn_cast<CompoundStmt>(Loops.back().Body);
  const OMPScanDirective *Scan = nullptr;
  if (Body)
    for (const Stmt *S : Body->body())
      if (const auto *SD = dyn_cast<OMPScanDirective>(S))
        Scan = SD;
  if (!Scan) {
    T.error(D->getBeginLoc(), "a loop with inscan reductions needs a scan directive directly in "
                              "its body");
    return "";
  }
  bool Inclusive = clause<OMPInclusiveClause>(Scan) != nullptr;
  std::string Before =
      T.textWithLines(Body->getLBracLoc().getLocWithOffset(1), Scan->getBeginLoc());
  std::string After = T.textWithLines(Scan->getEndLoc(), Body->getRBracLoc());
  const std::string &Input = Inclusive ? Before : After;
  const std::string &ScanPhase = Inclusive ? After : Before;

  struct Item {
    const VarDecl *Var;
    std::string Op, Type, Identity;
  };
  std::vector<Item> Items;
  for (const auto *R : D->getClausesOfKind<OMPReductionClause>()) {
    std::string Op = reductionOperator(R);
    for (const Expr *E : R->varlists()) {
      const VarDecl *V = varOf(E);
      if (!V || Op.empty() || !V->getType()->isScalarType() ||
          runtimeTypeName(V->getType(), T.Ctx).empty()) {
        T.error(E->getExprLoc(), "an inscan reduction must be of an arithmetic variable for "
                                 "parade");
        return "";
      }
      Items.push_back({V, Op, T.declare(V->getType().getUnqualifiedType(), ""),
                       reductionIdentity(T, Op, V->getType())});
    }
  }
  std::string Iter = "for (long long parade_k = parade_slo; parade_k < parade_shi; parade_k++) {\n"
                     "      long long parade_r = parade_k; " +
                     Space.Indices + "(void)parade_r;\n      { ";
  std::string Buffers, Pass1Decls, Pass1Keep, Running, Prefix, Originals, FirstBrings, Vars, Firsts,
      Pass2Decls, Free;
  for (size_t J = 0; J < Items.size(); J++) {
    const Item &I = Items[J];
    std::string Name = I.Var->getName().str();
    std::string Buf = "parade_sb" + std::to_string(J), Pre = "parade_sp" + std::to_string(J);
    Buffers += I.Type + " *" + Buf + " = (" + I.Type + " *)parade_private_alloc(sizeof(" + I.Type +
               ") * (unsigned long)(parade_shi - parade_slo));\n  ";
    Pass1Decls += I.Type + " " + Name + " = " + I.Identity + "; ";
    Pass1Keep += Buf + "[parade_k - parade_slo] = " + Name + "; ";
    Running += reductionCombine(I.Op, Name, Buf + "[parade_q]") + " " + Buf +
               "[parade_q] = " + Name + "; ";
    Prefix += I.Type + " " + Pre + " = " + Name + "; ";
    // As with gcc, the prefix starts from the original's value: the first
    // thread brings it. It reads the original before the collective prefix:
    // once that returns, the other threads may already be combining their
    // totals into the original (the lock path's critical combine). It is
    // reached through the pointer the reduction took before its private
    // copy hid the name (a global's name meant the private copy: the
    // prefix started from the first thread's own block, counted twice).
    std::string Orig = "parade_so" + std::to_string(J);
    Originals += I.Type + " " + Orig + " = " + I.Identity + "; ";
    FirstBrings +=
        Orig + " = *parade_scan_orig_" + Name + "; " + reductionCombine(I.Op, Pre, Orig) + " ";
    Vars += std::string(J ? ", " : "") + "{&" + Pre + ", 1, " +
            runtimeTypeName(I.Var->getType(), T.Ctx) + ", " + reductionRuntimeOp(I.Op) + "}";
    Firsts += Pre + " = " + Orig + "; ";
    Pass2Decls +=
        I.Type + " " + Name + " = " + Pre + "; " +
        (Inclusive ? reductionCombine(I.Op, Name, Buf + "[parade_k - parade_slo]")
                   : "if (parade_k > parade_slo) " +
                         reductionCombine(I.Op, Name, Buf + "[parade_k - parade_slo - 1]")) +
        " ";
    Free += "parade_private_free(" + Buf + "); ";
  }
  T.remark(Scan->getBeginLoc(), std::string(Inclusive ? "inclusive" : "exclusive") +
                                    " scan: each thread's block in two passes around one "
                                    "collective prefix (parade_scan_prefix)");
  return "parade_loop_begin(&parade_l, parade_n, PARADE_SCHED_STATIC, 0);\n"
         "  long long parade_slo = 0, parade_shi = 0;\n"
         "  while (parade_loop_next(&parade_l, &parade_lo, &parade_hi)) { parade_slo = parade_lo; "
         "parade_shi = parade_hi; }\n"
         "  if (parade_shi == parade_n) parade_last = 1;\n  " +
         Buffers + Iter + Pass1Decls + "\n" + Input + "\n      " + Pass1Keep + "}\n    }\n  " +
         "for (long long parade_q = 0; parade_q < parade_shi - parade_slo; parade_q++) { " +
         Running + "}\n  " + Prefix + Originals + "if (parade_thread_num() == 0) { " + FirstBrings +
         "}\n  " + "{ parade_reduce_var parade_sv[] = {" + Vars +
         "}; if (!parade_scan_prefix(parade_sv, " + std::to_string(Items.size()) + ")) { " +
         Firsts + "} }\n  " + Iter + Pass2Decls + "\n" + ScanPhase + "\n      }\n    }\n  " + Free +
         "\n";
}

} // namespace parade
