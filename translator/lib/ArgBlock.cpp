//===- ArgBlock.cpp - The argument block of an outlined body --------------===//
#include "ArgBlock.h"

using namespace clang;

namespace parade {

std::string ArgBlock::member(llvm::StringRef Field) {
  return Field.starts_with("parade_") ? Field.str() : "parade_m_" + Field.str();
}

void ArgBlock::value(QualType Ty, llvm::StringRef Field, const std::string &Value) {
  Fields += T.declare(Ty, member(Field)) + "; ";
  Pack += Var + "." + member(Field) + " = " + Value + "; ";
}

void ArgBlock::pointer(llvm::StringRef Field, const std::string &Value) {
  Fields += "void *" + member(Field) + "; ";
  Pack += Var + "." + member(Field) + " = (void *)" + Value + "; ";
}

void ArgBlock::copy(QualType Ty, llvm::StringRef Field, const std::string &Source) {
  Fields += T.declare(Ty, member(Field)) + "; ";
  std::string Target = Var + "." + member(Field);
  Pack += "parade_copy((void *)&" + Target + ", &" + Source + ", sizeof " + Target + "); ";
}

void ArgBlock::unpack(Stage S, QualType Ty, llvm::StringRef Name, llvm::StringRef Field) {
  Prologue[S] += T.declare(Ty, Name) + " = parade_args->" + member(Field) + "; ";
}

void ArgBlock::unpackText(Stage S, const std::string &Text) { Prologue[S] += Text; }

std::string ArgBlock::definition() const {
  return Struct + " { " + (Fields.empty() ? "char parade_unused; " : Fields) + "};\n";
}

std::string ArgBlock::packing() const {
  // A shared variable the body only reads travels by value, read before
  // the body runs: gcc -fopenmp says nothing of one not yet set there (a
  // variable set after the region, read by it on a later pass), and
  // neither may the translation.
  std::string Quiet = Pack.empty() ? ""
                                   : "_Pragma(\"GCC diagnostic push\") "
                                     "_Pragma(\"GCC diagnostic ignored \\\"-Wuninitialized\\\"\") "
                                     "_Pragma(\"GCC diagnostic ignored "
                                     "\\\"-Wmaybe-uninitialized\\\"\") ";
  return "{ " + Struct + " " + Var + "; __builtin_memset(&" + Var + ", 0, sizeof " + Var + "); " +
         Quiet + Pack + (Pack.empty() ? "" : "_Pragma(\"GCC diagnostic pop\") ");
}

std::string ArgBlock::prologue() const {
  std::string All;
  for (const std::string &Part : Prologue)
    All += Part;
  return All;
}

} // namespace parade
