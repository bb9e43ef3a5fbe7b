//===- main.cpp - parade-translate: OpenMP C to parade C ------------------===//
//
// usage: parade-translate [options] file.c [-- compiler arguments]
// Writes the translation of file.c to stdout (or -o FILE).
//===----------------------------------------------------------------------===//
#include "Translator.h"
#include "parade.h"

#include "clang/Driver/Options.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;

/// gcc's command line reaches the translator (paradecc passes every flag
/// that may define macros): keep what Clang's driver knows, drop the rest
/// (gcc-only flags such as -fdump-tree-all), which would stop Clang.
static clang::tooling::CommandLineArguments
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

static cl::OptionCategory Category("parade-translate options");
static cl::opt<unsigned> SmallThreshold(
    "fparade-small-threshold", cl::init(256), cl::cat(Category),
    cl::desc("Largest shared footprint in bytes for the message-passing fast path"));
static cl::opt<std::string> Sync("fparade-sync", cl::init("collective"), cl::cat(Category),
                                 cl::desc("collective (default) or lock: the conventional "
                                          "DSM path everywhere"));
static cl::opt<bool> Remarks("Rparade", cl::cat(Category),
                             cl::desc("Explain the translation of each directive"));
static cl::opt<std::string> Output("o", cl::cat(Category), cl::value_desc("file"),
                                   cl::desc("Write the translation here, not to stdout"));

int main(int argc, const char **argv) {
  auto Parser = clang::tooling::CommonOptionsParser::create(argc, argv, Category);
  if (!Parser) {
    errs() << toString(Parser.takeError());
    return 2;
  }
  if (Sync != "collective" && Sync != "lock") {
    errs() << "parade-translate: error: -fparade-sync must be collective or lock\n";
    return 2;
  }
  if (SmallThreshold > PARADE_SMALL_MAX) {
    // The fast path's runtime buffers are fixed; a larger footprint would
    // translate, then abort at run time.
    errs() << "parade-translate: error: -fparade-small-threshold=" << SmallThreshold
           << " is above the runtime's limit of " << PARADE_SMALL_MAX
           << " bytes (PARADE_SMALL_MAX in parade.h)\n";
    return 2;
  }
  if (Parser->getSourcePathList().size() != 1) {
    errs() << "parade-translate: error: give exactly one source file\n";
    return 2;
  }
  parade::Options Opts;
  Opts.SmallThreshold = SmallThreshold;
  Opts.ForceLockPath = Sync == "lock";
  Opts.Remarks = Remarks;

  clang::tooling::ClangTool Tool(Parser->getCompilations(), Parser->getSourcePathList());
  Tool.appendArgumentsAdjuster(dropUnknownArguments);
  // The C that gcc 12 accepts with a warning (implicit declarations and
  // int, int/pointer conversions) Clang 19 refuses: accept it too. (Not
  // -w: it would also silence the warnings the translator makes errors.)
  Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      {"-fopenmp", "-resource-dir=" PARADE_CLANG_RESOURCE_DIR, "-I" PARADE_INCLUDE_DIR,
       "-Wno-unknown-pragmas", "-Wno-error=implicit-function-declaration",
       "-Wno-error=implicit-int", "-Wno-error=int-conversion",
       "-Wno-error=incompatible-pointer-types",
       "-Wno-error=incompatible-function-pointer-types", "-Wno-error=return-type"},
      clang::tooling::ArgumentInsertPosition::BEGIN));

  std::string Text;
  raw_string_ostream OS(Text);
  int Status = 1;
  // Clang 19 itself crashes on some invalid input (for example an invalid
  // atomic statement: llvm-project#107979). Report that as an error about
  // the input instead of crashing.
  CrashRecoveryContext::Enable();
  CrashRecoveryContext Recovery;
  bool Survived = Recovery.RunSafely([&] {
    Status = Tool.run(parade::newTranslateActionFactory(Opts, OS).get());
  });
  if (!Survived) {
    errs() << "parade-translate: error: Clang crashed while reading '"
           << Parser->getSourcePathList()[0]
           << "'; fix the errors reported above (Clang 19 crashes on some invalid OpenMP "
              "statements)\n";
    return 1;
  }
  OS.flush();
  if (Status != 0 || Text.empty())
    return 1;
  if (Output.empty()) {
    outs() << Text;
    return 0;
  }
  std::error_code EC;
  raw_fd_ostream File(Output, EC, sys::fs::OF_Text);
  if (EC) {
    errs() << "parade-translate: error: cannot write '" << Output << "': " << EC.message()
           << "\n";
    return 1;
  }
  File << Text;
  return 0;
}
