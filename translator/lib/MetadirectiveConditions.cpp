//===- MetadirectiveConditions.cpp - run-time user conditions -------------===//
#include "MetadirectiveConditions.h"

#include "MacroExpansion.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"

using namespace clang;

namespace parade {

UserConditionChecker::UserConditionChecker(Preprocessor &PP)
    : PP(PP), ErrorID(PP.getDiagnostics().getCustomDiagID(DiagnosticsEngine::Error, "%0")) {}

bool UserConditionChecker::constantTokens(ArrayRef<Token> Tokens, unsigned Depth) const {
  for (const Token &T : Tokens) {
    if (T.isNot(tok::raw_identifier) && T.isNot(tok::identifier))
      continue;
    IdentifierInfo *II = T.is(tok::raw_identifier) ? PP.getIdentifierInfo(T.getRawIdentifier())
                                                   : T.getIdentifierInfo();
    if (!II)
      return false;
    if (II->isKeyword(PP.getLangOpts()))
      continue; // sizeof, a type name
    const MacroInfo *MI = PP.getMacroInfo(II);
    if (!MI || MI->isFunctionLike() || Depth > 16 || !constantTokens(MI->tokens(), Depth + 1))
      return false;
  }
  return true;
}

void UserConditionChecker::PragmaDirective(SourceLocation Loc, PragmaIntroducerKind Introducer) {
  const SourceManager &SM = PP.getSourceManager();
  // The pragma's text: the line of a #pragma (with its continuations),
  // the destringized operand of a _Pragma, which its lexer holds.
  StringRef Text;
  if (Introducer == PIK_HashPragma && Loc.isFileID()) {
    bool Invalid = false;
    StringRef Buffer = SM.getBufferData(SM.getFileID(Loc), &Invalid);
    if (Invalid)
      return;
    size_t Begin = SM.getFileOffset(Loc), End = Begin;
    while (End < Buffer.size() && Buffer[End] != '\n')
      if (Buffer[End] == '\\' && End + 1 < Buffer.size() && Buffer[End + 1] == '\n')
        End += 2;
      else if (Buffer[End] == '\\' && Buffer.substr(End, 3) == "\\\r\n")
        End += 3;
      else
        End++;
    Text = Buffer.slice(Begin, End);
  } else if (std::optional<StringRef> Operand;
             Introducer == PIK__Pragma && (Operand = pragmaOperandText(PP))) {
    Text = *Operand;
  } else {
    return;
  }
  if (!Text.contains("metadirective") || !Text.contains("condition"))
    return;
  std::string Copy = Text.str();
  // A raw lexer at a file location: one in a macro expansion would need
  // the preprocessor to map its tokens. Token N lies at Base plus its
  // offset in the text.
  SourceLocation Base = SM.getLocForStartOfFile(SM.getMainFileID());
  Lexer Raw(Base, PP.getLangOpts(), Copy.data(), Copy.data(), Copy.data() + Copy.size());
  std::vector<Token> Tokens;
  for (Token T;;) {
    Raw.LexFromRawLexer(T);
    if (T.is(tok::eof))
      break;
    Tokens.push_back(T);
  }
  auto Spelled = [&](size_t K, StringRef S) {
    return K < Tokens.size() && Tokens[K].is(tok::raw_identifier) &&
           Tokens[K].getRawIdentifier() == S;
  };
  size_t K = 0;
  while (K < Tokens.size() && !Spelled(K, "omp"))
    K++;
  if (!Spelled(K + 1, "metadirective") &&
      !(Spelled(K + 1, "begin") && Spelled(K + 2, "metadirective")))
    return;
  for (; K < Tokens.size(); K++) {
    if (!Spelled(K, "condition") || K + 1 >= Tokens.size() || Tokens[K + 1].isNot(tok::l_paren))
      continue;
    size_t Open = K + 1, Close = Open;
    for (int Depth = 0; Close < Tokens.size(); Close++) {
      Depth += Tokens[Close].is(tok::l_paren) - Tokens[Close].is(tok::r_paren);
      if (Depth == 0)
        break;
    }
    ArrayRef<Token> Condition = ArrayRef<Token>(Tokens).slice(Open + 1, Close - Open - 1);
    if (Close >= Tokens.size() || constantTokens(Condition, 0))
      continue;
    std::string Spelling;
    for (const Token &T : Condition)
      Spelling +=
          (Spelling.empty() ? "" : " ") +
          Copy.substr(T.getLocation().getRawEncoding() - Base.getRawEncoding(), T.getLength());
    PP.getDiagnostics().Report(Loc, ErrorID)
        << "a metadirective whose user condition names a variable, a function or an "
           "enumerator ('" +
               Spelling +
               "') is not supported by parade: Clang 19 chooses the variant as it compiles, "
               "and would take the condition for false whatever its value when the program runs";
    return;
  }
}

} // namespace parade
