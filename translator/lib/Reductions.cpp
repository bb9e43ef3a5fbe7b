//===- Reductions.cpp - Reduction operators as C text ---------------------===//
#include "Reductions.h"

using namespace clang;

namespace parade {

std::string reductionRuntimeOp(llvm::StringRef Op) {
  if (Op == "+" || Op == "-")
    return "PARADE_OP_SUM";
  if (Op == "*")
    return "PARADE_OP_PROD";
  if (Op == "min")
    return "PARADE_OP_MIN";
  if (Op == "max")
    return "PARADE_OP_MAX";
  if (Op == "&&")
    return "PARADE_OP_LAND";
  if (Op == "||")
    return "PARADE_OP_LOR";
  if (Op == "&")
    return "PARADE_OP_BAND";
  if (Op == "|")
    return "PARADE_OP_BOR";
  return "PARADE_OP_BXOR";
}

std::string reductionIdentity(Translation &T, llvm::StringRef Op, QualType Ty) {
  std::string Cast = T.cast(Ty);
  if (Op == "*" || Op == "&&")
    return Cast + "1";
  if (Op == "&")
    return Cast + "~0ull";
  if (Op != "min" && Op != "max")
    return Cast + "0";
  QualType C = Ty.getCanonicalType();
  bool WantMax = Op == "min"; // min starts from the largest value
  if (C->isRealFloatingType()) {
    const auto *B = C->getAs<BuiltinType>();
    std::string Huge = B->getKind() == BuiltinType::Float    ? "__builtin_huge_valf()"
                       : B->getKind() == BuiltinType::Double ? "__builtin_huge_val()"
                                                             : "__builtin_huge_vall()";
    return WantMax ? Huge : "(-" + Huge + ")";
  }
  unsigned Bits = T.Ctx.getTypeSize(C);
  bool Unsigned = C->isUnsignedIntegerOrEnumerationType();
  llvm::APSInt V = WantMax ? llvm::APSInt::getMaxValue(Bits, Unsigned)
                           : llvm::APSInt::getMinValue(Bits, Unsigned);
  if (!Unsigned && !WantMax) {
    // The most negative value cannot be written as one literal.
    llvm::APSInt Next(V + 1, Unsigned);
    return Cast + "(" + llvm::toString(Next, 10) + "ll - 1)";
  }
  return Cast + llvm::toString(V, 10) + (Unsigned ? "ull" : "ll");
}

std::optional<ElementLoop> elementLoop(Translation &T, QualType Ty) {
  const auto *CA = dyn_cast_or_null<ConstantArrayType>(T.Ctx.getAsArrayType(Ty));
  if (!CA)
    return std::nullopt;
  ElementLoop L;
  L.Elem = T.Ctx.getBaseElementType(Ty).getUnqualifiedType();
  L.Count = std::to_string(T.Ctx.getConstantArrayElementCount(CA));
  L.ElemPtr = "(" + T.declare(T.Ctx.getPointerType(L.Elem), "") + ")";
  L.Each = "for (unsigned long parade_ri = 0; parade_ri < " + L.Count + "; parade_ri++) ";
  return L;
}

std::string ElementLoop::identities(Translation &T, QualType Ty, const std::string &Name,
                                    llvm::StringRef Op) const {
  return T.declare(Ty.getUnqualifiedType(), Name) + "; " + Each + "(" + ElemPtr + Name +
         ")[parade_ri] = " + reductionIdentity(T, Op, Elem) + "; ";
}

std::string reductionCombine(llvm::StringRef Op, const std::string &Orig,
                             const std::string &Partial) {
  if (Op == "min")
    return Orig + " = " + Partial + " < " + Orig + " ? " + Partial + " : " + Orig + ";";
  if (Op == "max")
    return Orig + " = " + Partial + " > " + Orig + " ? " + Partial + " : " + Orig + ";";
  std::string Sym = Op == "-" ? "+" : Op.str();
  return Orig + " = " + Orig + " " + Sym + " " + Partial + ";";
}

} // namespace parade
