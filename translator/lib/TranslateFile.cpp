//===- TranslateFile.cpp - The library's entry point: one file to C text -===//
#include "Translator.h"

#include "clang/Driver/Options.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/CrashRecoveryContext.h"

using namespace llvm;

namespace parade {

namespace {

/// gcc's command line reaches the translator (paradecc passes every flag
/// that may define macros): keep what Clang's driver knows, drop the rest
/// (gcc-only flags such as -fdump-tree-all), which would stop Clang.
clang::tooling::CommandLineArguments
dropUnknownArguments(const clang::tooling::CommandLineArguments &Args, StringRef) {
  if (Args.empty())
    return Args;
  std::vector<const char *> Argv;
  for (size_t I = 1; I < Args.size(); I++)
    Argv.push_back(Args[I].c_str());
  const opt::OptTable &Table = clang::driver::getDriverOptTable();
  unsigned MissingIndex = 0, MissingCount = 0;
  opt::InputArgList List = Table.ParseArgs(Argv, MissingIndex, MissingCount,
                                           opt::Visibility(clang::driver::options::ClangOption));
  std::vector<bool> Drop(Argv.size(), false);
  for (const opt::Arg *A : List)
    if (A->getOption().getID() == clang::driver::options::OPT_UNKNOWN)
      for (unsigned K = 0; K < A->getNumValues() || K == 0; K++)
        if (A->getIndex() + K < Drop.size())
          Drop[A->getIndex() + K] = true;
  clang::tooling::CommandLineArguments Out = {Args[0]};
  for (size_t I = 0; I < Argv.size(); I++)
    if (!Drop[I])
      Out.push_back(Args[I + 1]);
  return Out;
}

} // namespace

char DiagnosedError::ID;

void adjustArguments(clang::tooling::ClangTool &Tool, const ToolPaths &Paths) {
  Tool.appendArgumentsAdjuster(dropUnknownArguments);
  // OpenMP 5.2 (a -fopenmp-version= of the program's own comes later and
  // wins); what 5.2 deprecates (ordered depend, master) stays valid, so
  // without a warning, as with gcc. The C that gcc 12 accepts with a warning (implicit declarations
  // and int, int/pointer conversions) Clang 19 refuses: accept it too. (Not -w: it would also
  // silence the warnings the translator makes errors.)
  Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      {"-fopenmp", "-fopenmp-version=52", "-Wno-deprecated",
       "-resource-dir=" + Paths.ClangResourceDir, "-I" + Paths.ParadeIncludeDir,
       "-Wno-unknown-pragmas", "-Wno-error=implicit-function-declaration",
       "-Wno-error=implicit-int", "-Wno-error=int-conversion",
       "-Wno-error=incompatible-pointer-types", "-Wno-error=incompatible-function-pointer-types",
       "-Wno-error=return-type"},
      clang::tooling::ArgumentInsertPosition::BEGIN));
}

Expected<std::string> translateFile(const clang::tooling::CompilationDatabase &Compilations,
                                    StringRef Source, const Options &Opts, const ToolPaths &Paths) {
  clang::tooling::ClangTool Tool(Compilations, {Source.str()});
  adjustArguments(Tool, Paths);

  std::string Text;
  raw_string_ostream OS(Text);
  int Status = 1;
  // Clang 19 itself crashes on some invalid input (for example an invalid
  // atomic statement: llvm-project#107979). Report that as an error about
  // the input instead of crashing.
  CrashRecoveryContext::Enable();
  CrashRecoveryContext Recovery;
  bool Survived =
      Recovery.RunSafely([&] { Status = Tool.run(newTranslateActionFactory(Opts, OS).get()); });
  if (!Survived)
    return createStringError(inconvertibleErrorCode(),
                             "Clang crashed while reading '%s'; fix the errors reported "
                             "above (Clang 19 crashes on some invalid OpenMP statements)",
                             Source.str().c_str());
  OS.flush();
  if (Status != 0 || Text.empty())
    return make_error<DiagnosedError>();
  return Text;
}

} // namespace parade
