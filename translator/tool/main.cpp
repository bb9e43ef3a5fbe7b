//===- main.cpp - parade-translate: OpenMP C to parade C ------------------===//
//
// usage: parade-translate [options] file.c [-- compiler arguments]
// Writes the translation of file.c to stdout (or -o FILE).
//===----------------------------------------------------------------------===//
#include "Translator.h"
#include "parade.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;

static cl::OptionCategory Category("parade-translate options");
static cl::opt<unsigned>
    SmallThreshold("fparade-small-threshold", cl::init(256), cl::cat(Category),
                   cl::desc("Largest shared footprint in bytes for the message-passing fast path"));
static cl::opt<std::string> Sync("fparade-sync", cl::init("collective"), cl::cat(Category),
                                 cl::desc("collective (default) or lock: the conventional "
                                          "DSM path everywhere"));
static cl::opt<bool> Remarks("Rparade", cl::cat(Category),
                             cl::desc("Explain the translation of each directive"));
static cl::opt<bool> Common("fparade-common", cl::cat(Category),
                            cl::desc("The compile has -fcommon: tentative definitions may "
                                     "be in several files"));
static cl::opt<std::string> FileName("fparade-file-name", cl::cat(Category), cl::value_desc("name"),
                                     cl::desc("The source's name for __FILE__ in the translation"));
static cl::opt<std::string> Output("o", cl::cat(Category), cl::value_desc("file"),
                                   cl::desc("Write the translation here, not to stdout"));
static cl::opt<std::string>
    WrittenHeaders("fparade-written-headers", cl::cat(Category), cl::value_desc("file"),
                   cl::desc("List here, one per line, the headers written into the "
                            "translation (for a dependency file)"));

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
  Opts.Common = Common;
  Opts.FileName = FileName;

  std::set<std::string> Written;
  Opts.WrittenHeaders = &Written;

  parade::ToolPaths Paths{PARADE_CLANG_RESOURCE_DIR, PARADE_INCLUDE_DIR};
  Expected<std::string> Text =
      parade::translateFile(Parser->getCompilations(), Parser->getSourcePathList()[0], Opts, Paths);
  if (Text && !WrittenHeaders.empty()) {
    std::error_code EC;
    raw_fd_ostream List(WrittenHeaders, EC, sys::fs::OF_Text);
    if (EC) {
      errs() << "parade-translate: error: cannot write '" << WrittenHeaders << "': " << EC.message()
             << "\n";
      return 1;
    }
    for (const std::string &H : Written)
      List << H << "\n";
  }
  if (!Text) {
    // Errors in the program were reported as Clang diagnostics already.
    handleAllErrors(
        Text.takeError(), [](const parade::DiagnosedError &) {},
        [](const ErrorInfoBase &E) {
          errs() << "parade-translate: error: " << E.message() << "\n";
        });
    return 1;
  }
  if (Output.empty()) {
    outs() << *Text;
    return 0;
  }
  std::error_code EC;
  raw_fd_ostream File(Output, EC, sys::fs::OF_Text);
  if (EC) {
    errs() << "parade-translate: error: cannot write '" << Output << "': " << EC.message() << "\n";
    return 1;
  }
  File << *Text;
  return 0;
}
