//===- TranslateFile.cpp - The library's entry point: one file to C text -===//
#include "Translator.h"

#include "MacroExpansion.h"

#include "clang/Driver/Options.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/MemoryBuffer.h"

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

void adjustArguments(clang::tooling::ClangTool &Tool, const ToolPaths &Paths,
                     StringRef OpenMPVersion) {
  Tool.appendArgumentsAdjuster(dropUnknownArguments);
  // OpenMP 5.2 or 5.1 (a -fopenmp-version= of the program's own comes later
  // and wins); what 5.2 deprecates (ordered depend, master) stays valid, so
  // without a warning, as with gcc. The C that gcc 12 accepts with a warning (implicit declarations
  // and int, int/pointer conversions) Clang 19 refuses: accept it too, and K&R definitions
  // without Clang's deprecation warning, which gcc does not give. (Not -w: it would also
  // silence the warnings the translator makes errors.)
  Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      {"-fopenmp", ("-fopenmp-version=" + OpenMPVersion).str(), "-Wno-deprecated",
       "-resource-dir=" + Paths.ClangResourceDir, "-I" + Paths.ParadeIncludeDir,
       "-Wno-unknown-pragmas", "-Wno-error=implicit-function-declaration",
       "-Wno-error=implicit-int", "-Wno-error=int-conversion",
       "-Wno-error=incompatible-pointer-types", "-Wno-error=incompatible-function-pointer-types",
       "-Wno-error=return-type", "-Wno-deprecated-non-prototype"},
      clang::tooling::ArgumentInsertPosition::BEGIN));
}

namespace {

/// Clang's diagnostics as gcc -fopenmp would give them: the translation is
/// compiled by gcc, which gives its own warnings about the program's C, so
/// Clang's warnings (-Wparentheses-equality, implicit conversions, ... that
/// gcc does not have) are dropped, with their notes; warnings about OpenMP
/// (`error` directives, clauses) are the translator's and stay.
class GccLikeDiagnostics : public clang::DiagnosticConsumer {
public:
  explicit GccLikeDiagnostics(clang::DiagnosticConsumer &Out) : Out(Out) {}
  void BeginSourceFile(const clang::LangOptions &LO, const clang::Preprocessor *PP) override {
    Out.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Out.EndSourceFile(); }
  void finish() override { Out.finish(); }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    if (Level == clang::DiagnosticsEngine::Note) {
      if (Dropping)
        return;
    } else {
      Dropping = Level == clang::DiagnosticsEngine::Warning && !aboutOpenMP(Info.getID());
      if (Dropping)
        return;
    }
    DiagnosticConsumer::HandleDiagnostic(Level, Info);
    Out.HandleDiagnostic(Level, Info);
  }

private:
  static bool aboutOpenMP(unsigned ID) {
    if (ID >= clang::diag::DIAG_UPPER_LIMIT) // the translator's own
      return true;
    llvm::StringRef Category = clang::DiagnosticIDs::getCategoryNameFromID(
        clang::DiagnosticIDs::getCategoryNumberForDiag(ID));
    llvm::StringRef Flag = clang::DiagnosticIDs::getWarningOptionForDiag(ID);
    // An `error` directive's message is a user-defined warning.
    return Category.contains("OpenMP") || Flag.contains("openmp") || Flag.contains("pragma") ||
           Flag == "user-defined-warnings";
  }
  clang::DiagnosticConsumer &Out;
  bool Dropping = false;
};

/// One translation of @p Source as OpenMP @p OpenMPVersion, its
/// diagnostics kept in @p Diagnostics. Status 0 with the text, else 1;
/// -1 when Clang crashed. @p Content, when not empty, is read instead of
/// the file.
int translateAs(const clang::tooling::CompilationDatabase &Compilations, StringRef Source,
                const Options &Opts, const ToolPaths &Paths, StringRef OpenMPVersion,
                const std::string &Content, std::string &Text, std::string &Diagnostics) {
  clang::tooling::ClangTool Tool(Compilations, {Source.str()});
  adjustArguments(Tool, Paths, OpenMPVersion);
  if (!Content.empty())
    Tool.mapVirtualFile(Source, Content);
  if (Opts.ExpandTilesOnly) // the translation that follows warns
    Tool.appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
        "-w", clang::tooling::ArgumentInsertPosition::END));
  raw_string_ostream DiagOS(Diagnostics);
  IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts = new clang::DiagnosticOptions();
  clang::TextDiagnosticPrinter Printer(DiagOS, DiagOpts.get());
  GccLikeDiagnostics Filter(Printer);
  Tool.setDiagnosticConsumer(&Filter);
  Tool.setPrintErrorMessage(false);
  raw_string_ostream OS(Text);
  int Status = 1;
  // Clang 19 itself crashes on some invalid input (for example an invalid
  // atomic statement: llvm-project#107979). Report that as an error about
  // the input instead of crashing.
  CrashRecoveryContext::Enable();
  CrashRecoveryContext Recovery;
  bool Survived = Recovery.RunSafely(
      [&] { Status = Tool.run(newTranslateActionFactory(Opts, OS, &DiagOS).get()); });
  OS.flush();
  DiagOS.flush();
  if (!Survived)
    return -1;
  return Status != 0 || Text.empty() ? 1 : 0;
}

/// Whether @p Text has the word `tile` after the word `omp` (blanks and
/// line continuations between): a file without it holds no tile construct
/// of its own, and needs no parse to write tiles out.
bool mayHoldTile(StringRef Text) {
  auto IsIdent = [](char C) { return isAlnum(C) || C == '_'; };
  for (size_t At = Text.find("tile"); At != StringRef::npos; At = Text.find("tile", At + 1)) {
    if (At + 4 < Text.size() && IsIdent(Text[At + 4]))
      continue;
    size_t K = At;
    while (K > 0 && StringRef(" \t\\\r\n").contains(Text[K - 1]))
      K--;
    if (K != At && K >= 3 && Text.substr(K - 3, 3) == "omp" && (K == 3 || !IsIdent(Text[K - 4])))
      return true;
  }
  return false;
}

} // namespace

Expected<std::string> translateFile(const clang::tooling::CompilationDatabase &Compilations,
                                    StringRef Source, const Options &Opts, const ToolPaths &Paths) {
  // OpenMP 5.2 first; a program that 5.2 refuses but 5.1 accepts (5.2
  // changed some syntax: `depobj(o) destroy` without its argument) is
  // read as 5.1, as the compilers that default to 5.1 do. When both
  // fail, the 5.2 diagnostics are the ones reported.
  auto Run = [&](const Options &O, const std::string &Content, std::string &Text,
                 std::string &Diagnostics) {
    int Status = translateAs(Compilations, Source, O, Paths, "52", Content, Text, Diagnostics);
    if (Status == 1) {
      std::string Text51, Diagnostics51;
      if (translateAs(Compilations, Source, O, Paths, "51", Content, Text51, Diagnostics51) == 0) {
        Text = std::move(Text51);
        Diagnostics = std::move(Diagnostics51);
        Status = 0;
      }
    }
    return Status;
  };
  // Macro invocations that spell directives are written out first
  // (MacroExpansion.h); a file with tile constructs is then parsed once to
  // write them out as loops (Tile.h), and that text is translated.
  auto Expand = [&](const std::string &Content, const std::set<unsigned> &Requested,
                    const std::set<std::string> &Headers) {
    clang::tooling::ClangTool Tool(Compilations, {Source.str()});
    adjustArguments(Tool, Paths);
    if (!Content.empty())
      Tool.mapVirtualFile(Source, Content);
    return expandMacroInvocations(Tool, Requested, Headers, Opts.FileName);
  };
  std::string Content = Expand("", {}, {}), Text, Diagnostics;
  int Status = 0;
  auto File = MemoryBuffer::getFile(Source);
  StringRef Before = !Content.empty() ? StringRef(Content) : File ? (*File)->getBuffer() : "";
  if (File && mayHoldTile(Before)) {
    Options Tiles = Opts;
    Tiles.ExpandTilesOnly = true;
    std::string Expanded;
    Status = Run(Tiles, Content, Expanded, Diagnostics);
    if (Status == 0 && Expanded != Before)
      Content = Expanded;
  }
  if (Status == 0) {
    std::string Said = std::move(Diagnostics); // the tile remarks
    // A translation that could not cut some macro invocations names them,
    // and the headers whose functions hold directives: they are written
    // out, and the text translated again (a few rounds, for invocations
    // inside others and the macros of a header written in).
    for (int Round = 0;; Round++) {
      std::set<unsigned> Requested;
      std::set<std::string> Headers;
      Options O = Opts;
      O.ExpandRequests = &Requested;
      O.InlineRequests = &Headers;
      Diagnostics.clear();
      Text.clear();
      Status = Run(O, Content, Text, Diagnostics);
      if (Status != 1 || (Requested.empty() && Headers.empty()) || Round == 4)
        break;
      std::string Expanded = Expand(Content, Requested, Headers);
      if (Expanded.empty())
        break;
      if (Opts.WrittenHeaders)
        Opts.WrittenHeaders->insert(Headers.begin(), Headers.end());
      Content = std::move(Expanded);
    }
    Diagnostics = Said + Diagnostics;
  }
  errs() << Diagnostics;
  if (Status == -1)
    return createStringError(inconvertibleErrorCode(),
                             "Clang crashed while reading '%s'; fix the errors reported "
                             "above (Clang 19 crashes on some invalid OpenMP statements)",
                             Source.str().c_str());
  if (Status != 0)
    return make_error<DiagnosedError>();
  return Text;
}

} // namespace parade
