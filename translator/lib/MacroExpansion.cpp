//===- MacroExpansion.cpp - macro invocations written out as their expansion ===//
#include "MacroExpansion.h"

#include "HeaderInlining.h"

#include "clang/Basic/CharInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Pragma.h"
#include "clang/Lex/Preprocessor.h"

#include <map>

using namespace clang;

namespace parade {

namespace {

/// What one macro invocation of the main file expands to: its tokens and
/// the pragmas its `_Pragma` operators make, in order.
struct Invocation {
  struct Piece {
    bool Pragma;
    std::string Text;
    SourceLocation Introducer = {}; ///< a pragma's `_Pragma`
  };
  unsigned End = 0;       ///< file offset just past the invocation
  SourceLocation LastTok; ///< the invocation's last token (its line)
  std::vector<Piece> Pieces;
  bool Expand = false; ///< holds an OpenMP directive, or was asked for
  /// Its written-out text would not mean what the expansion meant: a
  /// macro's name the expansion left alone (a self-reference) that the
  /// text would expand again, or a pragma whose text is unknown.
  bool Unwritable = false;
};

/// The invocations of the main file, by the offset where each begins.
struct Invocations {
  std::map<unsigned, Invocation> ByBegin;
  /// Text of the main file blanked before the parse, as [begin, end)
  /// offsets: its `#pragma omp assume` lines, and the `seq_cst` of a
  /// `flush` (OpenMP 5.1; Clang 19 refuses it, and parade's flush is a full
  /// one whatever order it names).
  std::vector<std::pair<unsigned, unsigned>> Blanks;

  /// The invocation that @p Loc, a location inside a macro expansion,
  /// belongs to; null when it is not written in the main file.
  Invocation *of(const SourceManager &SM, const LangOptions &LO, SourceLocation Loc) {
    CharSourceRange R = SM.getExpansionRange(Loc);
    if (!SM.isWrittenInMainFile(R.getBegin()) || !SM.isWrittenInMainFile(R.getEnd()))
      return nullptr;
    SourceLocation End =
        R.isTokenRange() ? Lexer::getLocForEndOfToken(R.getEnd(), 0, SM, LO) : R.getEnd();
    if (End.isInvalid())
      return nullptr;
    Invocation &I = ByBegin[SM.getFileOffset(R.getBegin())];
    unsigned EndOffset = SM.getFileOffset(End);
    if (EndOffset > I.End) {
      I.End = EndOffset;
      I.LastTok = R.isTokenRange() ? R.getEnd() : R.getEnd().getLocWithOffset(-1);
    }
    return &I;
  }
};

} // namespace

std::optional<StringRef> pragmaOperandText(Preprocessor &PP) {
  // Clang 19's only preprocessor lexer is Lexer; a `_Pragma`'s is a
  // pragma lexer over the destringized operand.
  auto *L = static_cast<Lexer *>(PP.getCurrentLexer());
  if (!L || !L->isPragmaLexer())
    return std::nullopt;
  const char *At = L->getBufferLocation();
  return StringRef(At, L->getBuffer().end() - At);
}

namespace {

/// Every pragma a `_Pragma` operator makes inside a macro invocation of the
/// main file is kept as text, in its place among the tokens: the ones the
/// preprocessor handles itself (`GCC diagnostic`, `push_macro`, `GCC
/// unroll`, ...) too, since the written-out text must make them again. The
/// text is the destringized operand, which the pragma's own lexer holds
/// when the pragma begins.
class PragmaTextRecorder : public PPCallbacks {
public:
  PragmaTextRecorder(Preprocessor &PP, Invocations &Found) : PP(PP), Found(Found) {}

  void PragmaDirective(SourceLocation Loc, PragmaIntroducerKind Kind) override {
    if (Kind != PIK__Pragma || !Loc.isMacroID())
      return;
    Invocation *I = Found.of(PP.getSourceManager(), PP.getLangOpts(), Loc);
    if (!I)
      return;
    std::optional<StringRef> Text = pragmaOperandText(PP);
    if (!Text) {
      I->Unwritable = true;
      return;
    }
    I->Pieces.push_back({true, Text->trim().str(), Loc});
  }

private:
  Preprocessor &PP;
  Invocations &Found;
};

/// Every pragma the preprocessor does not handle itself comes here (a
/// handler without a name takes them all): an OpenMP one made by a
/// `_Pragma` inside an invocation marks it to be written out, with the
/// directive spelled from its tokens (macros in its clauses expanded, as
/// OpenMP says); a `#pragma omp assume` line of the file is noted, to be
/// blanked, and so is a `#pragma omp workshare` (Fortran's directive).
class PragmaRecorder : public PragmaHandler {
public:
  explicit PragmaRecorder(Invocations &Found) : PragmaHandler(""), Found(Found) {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Introducer, Token &First) override {
    if (First.is(tok::eod))
      return;
    std::string Text = PP.getSpelling(First);
    bool OpenMP = Text == "omp", Assume = false, Flush = false, FirstWord = true;
    const SourceManager &SM = PP.getSourceManager();
    bool Written = Introducer.Kind == PIK_HashPragma && SM.isWrittenInMainFile(Introducer.Loc);
    int Depth = 0;
    Token Tok;
    for (PP.Lex(Tok); Tok.isNot(tok::eod) && Tok.isNot(tok::eof); PP.Lex(Tok)) {
      std::string Word = PP.getSpelling(Tok);
      Assume |= OpenMP && Text == "omp" && Word == "assume";
      // workshare is Fortran's: gcc ignores it in C as an unknown pragma,
      // and Clang 19 crashes on it ("workshare", then a stack dump).
      Assume |= OpenMP && FirstWord && Word == "workshare";
      FirstWord = false;
      Flush |= OpenMP && Text == "omp" && Word == "flush";
      Depth += Tok.is(tok::l_paren) - Tok.is(tok::r_paren);
      if (Flush && Depth == 0 && Word == "seq_cst") {
        if (Written && SM.isWrittenInMainFile(Tok.getLocation()))
          Found.Blanks.push_back({SM.getFileOffset(Tok.getLocation()),
                                  SM.getFileOffset(Tok.getLocation()) + Tok.getLength()});
        continue;
      }
      Text += " " + Word;
    }
    if (Assume && Written && SM.isWrittenInMainFile(Tok.getLocation()))
      Found.Blanks.push_back(
          {SM.getFileOffset(Introducer.Loc), SM.getFileOffset(Tok.getLocation())});
    if (!OpenMP || Introducer.Kind != PIK__Pragma || !Introducer.Loc.isMacroID())
      return;
    Invocation *I = Found.of(PP.getSourceManager(), PP.getLangOpts(), Introducer.Loc);
    if (!I)
      return;
    I->Expand = true;
    auto Own = llvm::find_if(llvm::reverse(I->Pieces), [&](const Invocation::Piece &P) {
      return P.Pragma && P.Introducer == Introducer.Loc;
    });
    if (Own == I->Pieces.rend())
      I->Unwritable = true;
    else if (Assume) // a hint, dropped as the file's own assume lines are
      I->Pieces.erase(std::next(Own).base());
    else
      Own->Text = Text;
  }

private:
  Invocations &Found;
};

/// The values gcc gives `__LINE__` and `__FILE__` where the expansion
/// replaces them, by the location of the macro's name: Clang numbers a
/// line in a macro's body by the end of the outermost invocation, gcc by
/// its start; the file is named as the compiler was given it.
class BuiltinRecorder : public PPCallbacks {
public:
  BuiltinRecorder(const SourceManager &SM, std::string FileName,
                  llvm::DenseMap<unsigned, std::string> &Values)
      : SM(SM), FileName(std::move(FileName)), Values(Values) {}

  void MacroExpands(const Token &Name, const MacroDefinition &, SourceRange,
                    const MacroArgs *) override {
    const IdentifierInfo *Id = Name.getIdentifierInfo();
    SourceLocation L = Name.getLocation();
    if (!Id || !L.isMacroID())
      return;
    if (Id->getName() == "__LINE__") {
      SourceLocation At =
          SM.isMacroArgExpansion(L) ? SM.getSpellingLoc(L) : SM.getExpansionRange(L).getBegin();
      if (unsigned Line = SM.getPresumedLineNumber(At))
        Values[L.getRawEncoding()] = std::to_string(Line);
      return;
    }
    if ((Id->getName() == "__FILE__" || Id->getName() == "__BASE_FILE__") && !FileName.empty()) {
      PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
      FileID Main = SM.getMainFileID();
      if (P.isInvalid() || P.getFileID() != Main ||
          StringRef(P.getFilename()) != SM.getFileEntryRefForID(Main)->getName())
        return;
      Values[L.getRawEncoding()] = quotedFileName(FileName);
    }
  }

private:
  const SourceManager &SM;
  std::string FileName;
  llvm::DenseMap<unsigned, std::string> &Values;
};

bool blank(StringRef S) { return S.find_first_not_of(" \t\r\f\v") == StringRef::npos; }

/// @p Original with each invocation of @p Found to expand replaced by its
/// pieces, and its Blanks blanked (see the header); empty when
/// there is none.
std::string rewrite(StringRef Original, const SourceManager &SM, FileID Main,
                    const Invocations &Found,
                    const std::map<unsigned, std::pair<unsigned, std::string>> &Headers) {
  // Blanks keep the offsets and the line breaks (a continued line's too).
  std::string Blanked = Original.str();
  for (auto [Begin, End] : Found.Blanks)
    for (unsigned K = Begin; K < End && K < Blanked.size(); K++)
      if (Blanked[K] != '\n')
        Blanked[K] = ' ';
  StringRef Text = Blanked;
  // Invocations that overlap (a macro whose expansion ends in a
  // function-like macro name that takes the parentheses after it) are not
  // cut apart: none of them is written out.
  std::set<unsigned> Overlapping;
  {
    unsigned GroupEnd = 0;
    std::vector<unsigned> Group;
    auto Close = [&] {
      if (Group.size() > 1)
        Overlapping.insert(Group.begin(), Group.end());
      Group.clear();
    };
    for (const auto &[Begin, I] : Found.ByBegin) {
      if (Begin >= GroupEnd)
        Close();
      Group.push_back(Begin);
      GroupEnd = std::max(GroupEnd, I.End);
    }
    Close();
  }
  std::string Out;
  size_t Pos = 0;
  bool Any = !Found.Blanks.empty();
  // The `#include` lines that headers replace (HeaderInlining.h), in
  // order with the invocations; no invocation holds a directive line.
  auto Header = Headers.begin();
  auto HeadersBefore = [&](size_t Offset) {
    for (; Header != Headers.end() && Header->first < Offset; ++Header) {
      if (Header->first < Pos)
        continue;
      Out.append(Text.data() + Pos, Header->first - Pos);
      Out += Header->second.second;
      Pos = Header->second.first;
      Any = true;
    }
  };
  for (const auto &[Begin, I] : Found.ByBegin) {
    if (!I.Expand || I.Unwritable || Overlapping.count(Begin))
      continue;
    HeadersBefore(Begin);
    if (Begin < Pos)
      continue;
    Any = true;
    SourceLocation BeginLoc = SM.getComposedLoc(Main, Begin);
    unsigned Start = SM.getPresumedLineNumber(BeginLoc);
    unsigned Last = SM.getPresumedLineNumber(I.LastTok);
    if (!Start || !Last)
      continue;
    Out.append(Text.data() + Pos, Begin - Pos);
    size_t LineBegin = Text.rfind('\n', Begin); // before Begin
    LineBegin = LineBegin == StringRef::npos ? 0 : LineBegin + 1;
    bool LineStart = blank(Text.slice(LineBegin, Begin));
    unsigned Cur = Start;
    auto Newline = [&] {
      Out += '\n';
      Cur++;
      LineStart = true;
    };
    auto AtLine = [&](unsigned Line) { // at the start of a line
      if (Cur != Line)
        Out += "#line " + std::to_string(Line) + "\n";
      Cur = Line;
    };
    for (const Invocation::Piece &P : I.Pieces) {
      if (P.Pragma) {
        if (!LineStart)
          Newline();
        Out += "#pragma " + P.Text;
        Newline();
        continue;
      }
      if (LineStart)
        AtLine(Start);
      else
        Out += ' ';
      Out += P.Text;
      LineStart = false;
    }
    size_t Eol = Text.find('\n', I.End);
    if (Eol == StringRef::npos)
      Eol = Text.size();
    if (!LineStart && I.End < Text.size() && !isWhitespace(Text[I.End]))
      Out += ' '; // `MINUS(a)-b` must not become `a --b`
    if (LineStart && blank(Text.slice(I.End, Eol))) {
      // The invocation ended its line, with a pragma: the next line follows.
      AtLine(Last + 1);
      Pos = std::min(Eol + 1, Text.size());
      continue;
    }
    if (!LineStart && Cur < Last)
      while (Cur < Last)
        Newline();
    if (!LineStart && Cur > Last)
      Newline();
    if (LineStart)
      AtLine(Last);
    Pos = I.End;
  }
  HeadersBefore(Text.size() + 1);
  if (!Any)
    return "";
  Out.append(Text.data() + Pos, Text.size() - Pos);
  return Out;
}

class ExpandAction : public PreprocessorFrontendAction {
public:
  ExpandAction(const std::set<unsigned> &Requested, const std::set<std::string> &Headers,
               std::string FileName, std::string &Result)
      : Requested(Requested), Headers(Headers), FileName(std::move(FileName)), Result(Result) {}

protected:
  void ExecuteAction() override {
    Preprocessor &PP = getCompilerInstance().getPreprocessor();
    SourceManager &SM = PP.getSourceManager();
    Invocations Found;
    llvm::DenseMap<unsigned, std::string> Builtins;
    PP.AddPragmaHandler(new PragmaRecorder(Found));
    PP.addPPCallbacks(std::make_unique<PragmaTextRecorder>(PP, Found));
    auto Inclusions = std::make_unique<InclusionRecorder>(PP);
    const InclusionRecorder &Included = *Inclusions;
    PP.addPPCallbacks(std::move(Inclusions));
    PP.addPPCallbacks(std::make_unique<BuiltinRecorder>(SM, FileName, Builtins));
    PP.EnterMainSourceFile();
    Token Tok;
    for (PP.Lex(Tok); Tok.isNot(tok::eof); PP.Lex(Tok)) {
      if (Tok.isAnnotation() || !Tok.getLocation().isMacroID())
        continue;
      Invocation *I = Found.of(SM, PP.getLangOpts(), Tok.getLocation());
      if (!I)
        continue;
      std::string Spelling = PP.getSpelling(Tok);
      if (Tok.isOneOf(tok::numeric_constant, tok::string_literal)) {
        auto It = Builtins.find(
            SM.getImmediateExpansionRange(Tok.getLocation()).getBegin().getRawEncoding());
        if (It != Builtins.end())
          Spelling = It->second;
      }
      if (Tok.is(tok::identifier) && Tok.isExpandDisabled())
        if (const MacroInfo *MI = PP.getMacroInfo(Tok.getIdentifierInfo())) {
          // A macro's name inside its own expansion, left alone there
          // (`#define free(p) (free(p), frees++)`): the text would expand it
          // again. A function-like one in parentheses is not; an object-like
          // one that expands to itself (`#define stderr stderr`) does no harm.
          bool Member = !I->Pieces.empty() && !I->Pieces.back().Pragma &&
                        (I->Pieces.back().Text == "." || I->Pieces.back().Text == "->");
          if (MI->isFunctionLike() && !Member)
            Spelling = "(" + Spelling + ")";
          else if (MI->isFunctionLike() || MI->getNumTokens() != 1 ||
                   MI->getReplacementToken(0).getIdentifierInfo() != Tok.getIdentifierInfo())
            I->Unwritable = true;
        }
      I->Pieces.push_back({false, Spelling});
    }
    if (PP.getDiagnostics().hasErrorOccurred())
      return;
    for (auto &[Begin, I] : Found.ByBegin)
      I.Expand |= Requested.count(Begin) > 0;
    FileID Main = SM.getMainFileID();
    Result = rewrite(SM.getBufferData(Main), SM, Main, Found,
                     Headers.empty() ? std::map<unsigned, std::pair<unsigned, std::string>>()
                                     : headerEdits(PP, Included, Headers));
  }

private:
  const std::set<unsigned> &Requested;
  const std::set<std::string> &Headers;
  std::string FileName;
  std::string &Result;
};

class ExpandActionFactory : public tooling::FrontendActionFactory {
public:
  ExpandActionFactory(const std::set<unsigned> &Requested, const std::set<std::string> &Headers,
                      StringRef FileName, std::string &Result)
      : Requested(Requested), Headers(Headers), FileName(FileName), Result(Result) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<ExpandAction>(Requested, Headers, FileName, Result);
  }

private:
  const std::set<unsigned> &Requested;
  const std::set<std::string> &Headers;
  std::string FileName;
  std::string &Result;
};

} // namespace

std::string expandMacroInvocations(tooling::ClangTool &Tool, const std::set<unsigned> &Requested,
                                   const std::set<std::string> &Headers, StringRef FileName) {
  std::string Result;
  IgnoringDiagConsumer Quiet; // the translation reports the program's errors
  Tool.setDiagnosticConsumer(&Quiet);
  Tool.setPrintErrorMessage(false);
  // A warning made an error (-Werror) would stop the pass, not the compiler.
  Tool.appendArgumentsAdjuster(
      tooling::getInsertArgumentAdjuster("-w", tooling::ArgumentInsertPosition::END));
  ExpandActionFactory Factory(Requested, Headers, FileName, Result);
  if (Tool.run(&Factory) != 0)
    return "";
  return Result;
}

} // namespace parade
