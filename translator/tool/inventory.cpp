//===- inventory.cpp - parade-inventory: the OpenMP a file uses ----------===//
//
// usage: parade-inventory file.c [-- compiler arguments]
//        parade-inventory --catalog
// Reads file.c with Clang and prints, one per line and tab-separated, what
// OpenMP it uses, as the AST has it:
//
//   directive  parallel for  12       (name, line)
//   clause     parallel for  reduction  12
//   routine    omp_get_wtime  30      (a call)
//   declared   omp_get_wtime          (a routine omp.h declares)
//
// --catalog prints every directive Clang knows and, for each, the clauses
// OpenMP 5.2 allows on it: scripts/conformance sets the tests' inventories
// against it.
//===----------------------------------------------------------------------===//
#include "Context.h"
#include "Translator.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Frontend/OpenMP/OMP.h"
#include "llvm/Support/CommandLine.h"

#include <set>

using namespace clang;
using namespace llvm;

static cl::OptionCategory Category("parade-inventory options");
static cl::opt<bool> Catalog("catalog", cl::cat(Category),
                             cl::desc("Print every directive and the clauses OpenMP 5.2 allows on "
                                      "it"));

namespace {

class Collector : public RecursiveASTVisitor<Collector> {
public:
  Collector(ASTContext &Ctx, std::set<std::string> &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Out(Out) {}

  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (!inMainFile(D->getBeginLoc()))
      return true;
    std::string Name = parade::directiveName(D); // `loop` as written
    std::string Line = line(D->getBeginLoc());
    Out.insert("directive\t" + Name + "\t" + Line);
    for (const OMPClause *C : D->clauses())
      if (!C->isImplicit() && C->getBeginLoc().isValid())
        Out.insert("clause\t" + Name + "\t" + getOpenMPClauseName(C->getClauseKind()).str() + "\t" +
                   Line);
    return true;
  }
  bool VisitOMPThreadPrivateDecl(OMPThreadPrivateDecl *D) {
    return declarative("threadprivate", D->getLocation());
  }
  bool VisitOMPDeclareReductionDecl(OMPDeclareReductionDecl *D) {
    return declarative("declare reduction", D->getLocation());
  }
  bool VisitOMPRequiresDecl(OMPRequiresDecl *D) {
    return declarative("requires", D->getLocation());
  }
  bool VisitOMPDeclareMapperDecl(OMPDeclareMapperDecl *D) {
    return declarative("declare mapper", D->getLocation());
  }
  bool VisitOMPAllocateDecl(OMPAllocateDecl *D) {
    return declarative("allocate", D->getLocation());
  }
  bool VisitFunctionDecl(FunctionDecl *F) {
    if (F->hasAttr<OMPDeclareSimdDeclAttr>())
      declarative("declare simd", F->getLocation());
    if (F->hasAttr<OMPDeclareTargetDeclAttr>())
      declarative("declare target", F->getLocation());
    if (F->hasAttr<OMPDeclareVariantAttr>())
      declarative("declare variant", F->getLocation());
    // The routines omp.h declares: the catalog of the library.
    std::string Name = F->getName().str();
    PresumedLoc P = SM.getPresumedLoc(F->getLocation());
    if (StringRef(Name).starts_with("omp_") && P.isValid() &&
        StringRef(P.getFilename()).ends_with("/omp.h"))
      Out.insert("declared\t" + Name);
    return true;
  }
  bool VisitCallExpr(CallExpr *E) {
    const FunctionDecl *F = E->getDirectCallee();
    if (F && F->getName().starts_with("omp_") && inMainFile(E->getBeginLoc()))
      Out.insert("routine\t" + F->getName().str() + "\t" + line(E->getBeginLoc()));
    return true;
  }

private:
  ASTContext &Ctx;
  SourceManager &SM;
  std::set<std::string> &Out;

  bool inMainFile(SourceLocation L) { return SM.isInMainFile(SM.getExpansionLoc(L)); }
  std::string line(SourceLocation L) { return std::to_string(SM.getExpansionLineNumber(L)); }
  bool declarative(const char *Name, SourceLocation L) {
    if (inMainFile(L))
      Out.insert(std::string("directive\t") + Name + "\t" + line(L));
    return true;
  }
};

/// Directives that leave nothing of their own in the AST (a
/// metadirective is its chosen variant, `nothing` and the assumes forms
/// are hints, `begin declare target` marks the declarations between its
/// pair), found as the preprocessor reads their pragmas: the words after
/// `omp`, lexed.
class PragmaRecorder : public PPCallbacks {
public:
  PragmaRecorder(Preprocessor &PP, std::set<std::string> &Out) : PP(PP), Out(Out) {}
  void PragmaDirective(SourceLocation Loc, PragmaIntroducerKind Kind) override {
    SourceManager &SM = PP.getSourceManager();
    if (Kind != PIK_HashPragma || !SM.isInMainFile(Loc))
      return;
    std::vector<std::string> Words;
    unsigned Line = SM.getSpellingLineNumber(Loc);
    Token Tok;
    SourceLocation At = Loc;
    while (Words.size() < 5 &&
           !Lexer::getRawToken(At, Tok, SM, PP.getLangOpts(), /*IgnoreWhiteSpace=*/true) &&
           SM.getSpellingLineNumber(Tok.getLocation()) == Line) {
      if (Tok.is(tok::raw_identifier))
        Words.push_back(Tok.getRawIdentifier().str());
      else if (!Tok.is(tok::hash))
        break;
      At = Tok.getEndLoc();
    }
    // `pragma omp NAME...`
    if (Words.size() < 3 || Words[0] != "pragma" || Words[1] != "omp")
      return;
    std::string Name;
    for (size_t I = 2; I < Words.size(); I++) {
      Name += (Name.empty() ? "" : " ") + Words[I];
      if (Name == "metadirective" || Name == "nothing" || Name == "assumes" ||
          Name == "begin assumes" || Name == "begin declare target" ||
          Name == "begin declare variant") {
        Out.insert("directive\t" + Name + "\t" + std::to_string(Line));
        return;
      }
    }
  }

private:
  Preprocessor &PP;
  std::set<std::string> &Out;
};

class Consumer : public ASTConsumer {
public:
  explicit Consumer(std::set<std::string> &Out) : Out(Out) {}
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Collector(Ctx, Out).TraverseDecl(Ctx.getTranslationUnitDecl());
  }

private:
  std::set<std::string> &Out;
};

class Action : public ASTFrontendAction {
public:
  explicit Action(std::set<std::string> &Out) : Out(Out) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    Preprocessor &PP = CI.getPreprocessor();
    PP.addPPCallbacks(std::make_unique<PragmaRecorder>(PP, Out));
    return std::make_unique<Consumer>(Out);
  }

private:
  std::set<std::string> &Out;
};

class Factory : public tooling::FrontendActionFactory {
public:
  explicit Factory(std::set<std::string> &Out) : Out(Out) {}
  std::unique_ptr<FrontendAction> create() override { return std::make_unique<Action>(Out); }

private:
  std::set<std::string> &Out;
};

void printCatalog() {
  for (unsigned D = 0; D < omp::Directive_enumSize; D++) {
    auto Dir = static_cast<omp::Directive>(D);
    std::string Name = omp::getOpenMPDirectiveName(Dir).str();
    outs() << "directive\t" << Name << "\n";
    for (unsigned C = 0; C < omp::Clause_enumSize; C++) {
      auto Cl = static_cast<omp::Clause>(C);
      if (omp::isAllowedClauseForDirective(Dir, Cl, 52))
        outs() << "clause\t" << Name << "\t" << omp::getOpenMPClauseName(Cl) << "\n";
    }
  }
}

} // namespace

int main(int argc, const char **argv) {
  if (argc == 2 && StringRef(argv[1]) == "--catalog") {
    printCatalog();
    return 0;
  }
  auto Parser = tooling::CommonOptionsParser::create(argc, argv, Category);
  if (!Parser) {
    errs() << toString(Parser.takeError());
    return 2;
  }
  // Each file as the translator reads it: OpenMP 5.2, or 5.1 when only
  // 5.1 accepts it.
  std::set<std::string> Out;
  int Status = 0;
  for (const std::string &File : Parser->getSourcePathList()) {
    int FileStatus = 1;
    for (StringRef Version : {"52", "51"}) {
      std::set<std::string> Found;
      tooling::ClangTool Tool(Parser->getCompilations(), {File});
      parade::adjustArguments(Tool, {PARADE_CLANG_RESOURCE_DIR, PARADE_INCLUDE_DIR}, Version);
      IgnoringDiagConsumer Quiet;
      if (Version == "52")
        Tool.setDiagnosticConsumer(&Quiet);
      Tool.setPrintErrorMessage(Version != "52");
      FileStatus = Tool.run(std::make_unique<Factory>(Found).get());
      if (FileStatus == 0 || Version == "51") {
        Out.insert(Found.begin(), Found.end());
        break;
      }
    }
    Status |= FileStatus;
  }
  for (const std::string &L : Out)
    outs() << L << "\n";
  return Status;
}
