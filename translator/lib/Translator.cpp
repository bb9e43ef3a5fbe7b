//===- Translator.cpp - The translation action ---------------------------===//
//
// Runs the passes in the order their edits depend on: decide what lives in
// the pool, rewrite uses and declarations, rename runtime calls, translate
// directives innermost first (their text includes the earlier edits), wrap
// main, and print the main file with parade.h included.
//===----------------------------------------------------------------------===//
#include "Translator.h"
#include "FlagHandoffs.h"
#include "ThreadPrivateLocals.h"
#include "Tile.h"
#include "VariantCalls.h"
#include "VolatileAccesses.h"

#include "CAtomics.h"
#include "Context.h"
#include "Directives.h"
#include "MetadirectiveConditions.h"
#include "MpiPrograms.h"
#include "Pooling.h"
#include "RegisterVariables.h"
#include "SharedData.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Rewrite/Core/Rewriter.h"

using namespace clang;

namespace parade {

namespace {

/// What the translation needs of the preprocessor: the main file's
/// conditional lines (and their groups), #define and #undef lines.
struct Preprocessed {
  std::vector<ConditionalLine> Conditionals;
  std::vector<MacroEvent> Macros;
  /// Feature-test macros (_GNU_SOURCE, _POSIX_C_SOURCE, ...) the main file
  /// defines before its first #include: the translation defines them
  /// before <alloca.h>, whose features.h would otherwise fix the C
  /// library's feature set without them (asprintf undeclared, a pointer
  /// returned as int).
  std::string FeatureMacros;
  /// #undef lines for them, after <alloca.h>: the C library's features.h has
  /// read them (and redefined some, _DEFAULT_SOURCE as 1), and the
  /// program's own definitions, which come again, must not meet those.
  std::string FeatureUndefs;
  /// Ranges of the main file the preprocessor skipped, and the main
  /// file's macro invocations (a directive may not go inside either).
  std::vector<SourceRange> Skipped;
  std::vector<SourceRange> MacroCalls;
};

/// A macro that selects the C library's feature set.
bool isFeatureMacro(StringRef Name) {
  return (Name.starts_with("_") && Name.ends_with("_SOURCE")) || Name == "_FILE_OFFSET_BITS" ||
         Name == "_TIME_BITS" || Name == "_REENTRANT" || Name == "_THREAD_SAFE" ||
         Name.starts_with("_ISOC") || Name == "_LARGEFILE64_SOURCE";
}

class PreprocessorRecorder : public PPCallbacks {
public:
  PreprocessorRecorder(CompilerInstance &CI, Preprocessed &Out)
      : SM(CI.getSourceManager()), LangOpts(CI.getLangOpts()), Out(Out) {}
  void MacroDefined(const Token &Name, const MacroDirective *MD) override {
    SourceLocation Loc = Name.getLocation();
    const MacroInfo *MI = MD->getMacroInfo();
    if (!MI || Loc.isInvalid() || !Loc.isFileID() || SM.isWrittenInBuiltinFile(Loc) ||
        SM.isWrittenInCommandLineFile(Loc) || SM.isInSystemHeader(Loc))
      return;
    StringRef Text = Lexer::getSourceText(
        CharSourceRange::getTokenRange(MI->getDefinitionLoc(), MI->getDefinitionEndLoc()), SM,
        LangOpts);
    // Before the first system header, in the file or in a header of the
    // program's (a config.h that defines _GNU_SOURCE).
    if (!SeenSystemHeader && isFeatureMacro(Name.getIdentifierInfo()->getName())) {
      Out.FeatureMacros += "#define " + Text.str() + "\n";
      // One from a header given on the command line (-include config.h)
      // is defined before the translated text too, not again by it.
      if (!fromCommandLine(Loc))
        Out.FeatureUndefs += "#undef " + Name.getIdentifierInfo()->getName().str() + "\n";
    }
    if (SM.isInMainFile(Loc))
      Out.Macros.push_back(
          {Name.getIdentifierInfo()->getName().str(), Loc, "#define " + Text.str()});
  }
  void FileChanged(SourceLocation, FileChangeReason Reason, SrcMgr::CharacteristicKind Kind,
                   FileID) override {
    if (Reason == EnterFile && Kind != SrcMgr::C_User)
      SeenSystemHeader = true;
  }
  void MacroUndefined(const Token &Name, const MacroDefinition &, const MacroDirective *) override {
    if (SM.isInMainFile(Name.getLocation()))
      Out.Macros.push_back(
          {Name.getIdentifierInfo()->getName().str(), Name.getLocation(), std::string()});
  }
  void MacroExpands(const Token &, const MacroDefinition &, SourceRange Range,
                    const MacroArgs *) override {
    if (Range.getBegin().isFileID() && SM.isInMainFile(Range.getBegin()) &&
        SM.getExpansionLineNumber(Range.getBegin()) != SM.getExpansionLineNumber(Range.getEnd()))
      Out.MacroCalls.push_back(Range);
  }
  void SourceRangeSkipped(SourceRange Range, SourceLocation) override {
    if (SM.isInMainFile(Range.getBegin()))
      Out.Skipped.push_back(Range);
  }
  void If(SourceLocation Loc, SourceRange, ConditionValueKind) override { open(Loc); }
  void Ifdef(SourceLocation Loc, const Token &, const MacroDefinition &) override { open(Loc); }
  void Ifndef(SourceLocation Loc, const Token &, const MacroDefinition &) override { open(Loc); }
  void Elif(SourceLocation Loc, SourceRange, ConditionValueKind, SourceLocation) override {
    add(Loc);
  }
  void Elifdef(SourceLocation Loc, const Token &, const MacroDefinition &) override { add(Loc); }
  void Elifdef(SourceLocation Loc, SourceRange, SourceLocation) override { add(Loc); }
  void Elifndef(SourceLocation Loc, const Token &, const MacroDefinition &) override { add(Loc); }
  void Elifndef(SourceLocation Loc, SourceRange, SourceLocation) override { add(Loc); }
  void Else(SourceLocation Loc, SourceLocation) override { add(Loc); }
  void Endif(SourceLocation Loc, SourceLocation) override {
    add(Loc);
    if (!Open.empty())
      Open.pop_back();
  }

private:
  /// Written in a header that -include (or -imacros) brings in, directly
  /// or through the headers it includes.
  bool fromCommandLine(SourceLocation Loc) const {
    for (FileID F = SM.getFileID(Loc);;) {
      SourceLocation Inc = SM.getIncludeLoc(F);
      if (Inc.isInvalid())
        return false;
      if (SM.isWrittenInBuiltinFile(Inc) || SM.isWrittenInCommandLineFile(Inc))
        return true;
      F = SM.getFileID(Inc);
    }
  }
  void open(SourceLocation Loc) {
    Open.push_back(Next++);
    add(Loc);
  }
  void add(SourceLocation Loc) {
    if (!Open.empty() && SM.isInMainFile(Loc))
      Out.Conditionals.push_back({Loc, Open.back()});
  }
  SourceManager &SM;
  const LangOptions &LangOpts;
  Preprocessed &Out;
  std::vector<unsigned> Open;
  unsigned Next = 0;
  bool SeenSystemHeader = false;
};

class TranslateConsumer : public ASTConsumer {
public:
  TranslateConsumer(const Options &Opts, llvm::raw_ostream &Out, Preprocessed &PP)
      : Opts(Opts), Out(Out), PP(PP) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return; // invalid C: Clang has said why
    Rewriter R(Ctx.getSourceManager(), Ctx.getLangOpts());
    Translation T(Ctx, R, Opts);
    T.Conditionals = PP.Conditionals;
    T.Skipped = PP.Skipped;
    T.Skipped.insert(T.Skipped.end(), PP.MacroCalls.begin(), PP.MacroCalls.end());
    T.Macros = PP.Macros;
    TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
    if (Opts.ExpandTilesOnly) {
      T.enter(Stage::LoopTransforms);
      expandTiles(T, TU);
      if (T.failed())
        return;
      FileID Main = Ctx.getSourceManager().getMainFileID();
      if (const RewriteBuffer *Buffer = R.getRewriteBufferFor(Main))
        Out << std::string(Buffer->begin(), Buffer->end());
      else
        Out << Ctx.getSourceManager().getBufferData(Main);
      Out.flush();
      return;
    }
    // The order is a contract (see Stage in Context.h): each pass's edits
    // are in the text that the later ones copy.
    T.enter(Stage::PooledGlobals);
    resolveSplitConditionals(T, TU);
    nameUnnamedFileScopeTypes(T, TU);
    collectPooledGlobals(T, TU);
    renameThreadPrivateLocals(T, TU);
    T.enter(Stage::Analysis);
    refuseCAtomics(T, TU);
    analyzeDirectives(T, TU);
    T.enter(Stage::PooledUses);
    rewritePooledUses(T, TU);
    T.enter(Stage::PooledDecls);
    rewritePooledDecls(T, TU);
    hoistThreadPrivateLocals(T, TU);
    dropRegister(T, TU);
    T.enter(Stage::LocalTypes);
    hoistLocalTypes(T, TU);
    T.enter(Stage::RuntimeCalls);
    rewriteRuntimeCalls(T, TU);
    rewriteAtomicBuiltins(T, TU);
    rewriteVolatileAccesses(T, TU);
    orderFlagHandoffs(T, TU);
    rewriteVariantCalls(T, TU);
    T.enter(Stage::Directives);
    translateDirectives(T, TU);
    T.enter(Stage::Main);
    wrapMain(T, TU);
    T.enter(Stage::SharedGlobals);
    placeSharedGlobals(T, TU);
    T.enter(Stage::Output);
    T.flushBeforeFunctions();
    if (T.failed())
      return;
    SourceManager &SM = Ctx.getSourceManager();
    FileID Main = SM.getMainFileID();
    // The translation is compiled without -fopenmp, but the program's
    // #ifdef _OPENMP blocks must see what the translator saw, or they
    // silently compile their serial stubs.
    unsigned Version = Ctx.getLangOpts().OpenMP;
    unsigned OpenMPMacro = Version >= 52   ? 202111
                           : Version >= 51 ? 202011
                           : Version >= 50 ? 201811
                                           : 201511;
    // Private copies shadow their originals and may go unused, as inside
    // an OpenMP compiler: -Wshadow and unused-variable warnings (errors
    // with -Werror) would be about the translation, not the program.
    // A thread's stack is its rank's alone: alloca is the shared heap's
    // (a function that calls it frees its blocks as it returns, see
    // SharedData.cpp).
    // <alloca.h> comes now, or the program's own inclusion of it (or of
    // <stdlib.h>) would define alloca again; it reads features.h, which
    // must see the program's feature macros.
    Out << PP.FeatureMacros << "#include <parade.h>\n#include <alloca.h>\n"
        << PP.FeatureUndefs << "#undef alloca\n#define alloca(size) parade_alloca(size)\n"
        << "#pragma GCC diagnostic ignored \"-Wshadow\"\n"
           "#pragma GCC diagnostic ignored \"-Wunused-variable\"\n"
           "#pragma GCC diagnostic ignored \"-Wunused-but-set-variable\"\n"
        << T.Prologue << "#ifndef _OPENMP\n#define _OPENMP " << OpenMPMacro << "\n#endif";
    // Numbered as the program's lines (textWithLines).
    Out << T.textWithLines(SM.getLocForStartOfFile(Main), SM.getLocForEndOfFile(Main));
    Out.flush();
  }

private:
  const Options &Opts;
  llvm::raw_ostream &Out;
  Preprocessed &PP;
};

class TranslateAction : public ASTFrontendAction {
public:
  TranslateAction(const Options &Opts, llvm::raw_ostream &Out, llvm::raw_ostream *Diagnostics)
      : Opts(Opts), Out(Out), Diagnostics(Diagnostics) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, llvm::StringRef) override {
    if (Diagnostics) // "N errors generated." goes with the diagnostics
      CI.setVerboseOutputStream(*Diagnostics);
    // Clang drops the rest of a directive it does not know after a known
    // start ("#pragma omp parallel single" runs a plain parallel) with a
    // warning; the program would then run as something it did not say.
    CI.getDiagnostics().setSeverity(diag::warn_omp_extra_tokens_at_eol, diag::Severity::Error,
                                    SourceLocation());
    CI.getPreprocessor().addPPCallbacks(std::make_unique<PreprocessorRecorder>(CI, PP));
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<UserConditionChecker>(CI.getPreprocessor()));
    CI.getPreprocessor().addPPCallbacks(
        std::make_unique<MpiInclusionChecker>(CI.getPreprocessor()));
    return std::make_unique<TranslateConsumer>(Opts, Out, PP);
  }

private:
  const Options &Opts;
  llvm::raw_ostream &Out;
  llvm::raw_ostream *Diagnostics;
  Preprocessed PP;
};

class Factory : public tooling::FrontendActionFactory {
public:
  Factory(const Options &Opts, llvm::raw_ostream &Out, llvm::raw_ostream *Diagnostics)
      : Opts(Opts), Out(Out), Diagnostics(Diagnostics) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<TranslateAction>(Opts, Out, Diagnostics);
  }

private:
  Options Opts;
  llvm::raw_ostream &Out;
  llvm::raw_ostream *Diagnostics;
};

} // namespace

std::unique_ptr<tooling::FrontendActionFactory>
newTranslateActionFactory(const Options &Opts, llvm::raw_ostream &Out,
                          llvm::raw_ostream *Diagnostics) {
  return std::make_unique<Factory>(Opts, Out, Diagnostics);
}

} // namespace parade
