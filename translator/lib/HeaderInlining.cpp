//===- HeaderInlining.cpp - headers written into the main file -----------===//
#include "HeaderInlining.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace parade {

namespace {

std::string realPath(FileEntryRef File) {
  StringRef Real = File.getFileEntry().tryGetRealPathName();
  if (!Real.empty())
    return Real.str();
  SmallString<256> Path(File.getName());
  llvm::sys::fs::make_absolute(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

std::string quoted(StringRef Name) {
  std::string Out = "\"";
  for (char C : Name) {
    if (C == '\\' || C == '"')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

/// The whole lines of [Begin, End) of @p Text: from the start of Begin's
/// line to just past the end of End's.
std::pair<unsigned, unsigned> wholeLines(StringRef Text, unsigned Begin, unsigned End) {
  size_t Start = Text.rfind('\n', Begin);
  Start = Start == StringRef::npos ? 0 : Start + 1;
  size_t Stop = Text.find('\n', End);
  Stop = Stop == StringRef::npos ? Text.size() : Stop + 1;
  return {(unsigned)Start, (unsigned)Stop};
}

class Writer {
public:
  Writer(Preprocessor &PP, const InclusionRecorder &Recorded)
      : SM(PP.getSourceManager()), Recorded(Recorded) {}

  /// The files to write in, each with the file that includes it.
  std::map<FileID, FileID> Parent;

  /// The inclusion in @p F that entered @p Child.
  const InclusionRecorder::Inclusion *entering(FileID F, FileID Child) const {
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(Child);
    if (!Entry)
      return nullptr;
    std::string Path = realPath(*Entry);
    unsigned At = SM.getFileOffset(SM.getIncludeLoc(Child));
    const InclusionRecorder::Inclusion *Best = nullptr;
    for (const auto &I : Recorded.Inclusions)
      if (SM.getFileID(I.Hash) == F && I.RealPath == Path && SM.getFileOffset(I.Hash) <= At &&
          (!Best || SM.getFileOffset(I.Hash) > SM.getFileOffset(Best->Hash)))
        Best = &I;
    return Best;
  }

  /// The name a `#line` directive gives file @p F.
  std::string nameOf(FileID F) const {
    if (F == SM.getMainFileID())
      return SM.getFileEntryRefForID(F)->getName().str();
    return SM.getPresumedLoc(SM.getLocForStartOfFile(F)).getFilename();
  }

  /// The edits of file @p F: by offset, the end and the replacement.
  std::map<unsigned, std::pair<unsigned, std::string>> edits(FileID F) const {
    std::map<unsigned, std::pair<unsigned, std::string>> Out;
    StringRef Text = SM.getBufferData(F);
    for (const auto &[Child, Of] : Parent) {
      if (Of != F)
        continue;
      const InclusionRecorder::Inclusion *I = entering(F, Child);
      if (!I)
        continue;
      auto [Begin, End] =
          wholeLines(Text, SM.getFileOffset(I->Hash), SM.getFileOffset(I->Filename.getEnd()));
      unsigned Next = SM.getPresumedLoc(I->Hash).getLine() +
                      (unsigned)Text.slice(SM.getFileOffset(I->Hash), End).count('\n');
      std::string Body = text(Child);
      if (!Body.empty() && Body.back() != '\n')
        Body += '\n';
      Out[Begin] = {End, "#line 1 " + quoted(nameOf(Child)) + "\n" + Body + "#line " +
                             std::to_string(Next) + " " + quoted(nameOf(F)) + "\n"};
    }
    if (F == SM.getMainFileID())
      return Out;
    // A written header's other inclusions name their files by path, and
    // its #pragma once goes.
    for (const auto &I : Recorded.Inclusions)
      if (SM.getFileID(I.Hash) == F && I.Rewrite && !I.RealPath.empty()) {
        unsigned Hash = SM.getFileOffset(I.Hash);
        if (!Out.count(wholeLines(Text, Hash, Hash).first)) // not written in
          Out[SM.getFileOffset(I.Filename.getBegin())] = {SM.getFileOffset(I.Filename.getEnd()),
                                                          quoted(I.RealPath)};
      }
    for (SourceLocation Once : Recorded.Onces)
      if (SM.getFileID(Once) == F) {
        auto [Begin, End] = wholeLines(Text, SM.getFileOffset(Once), SM.getFileOffset(Once));
        Out[Begin] = {Text[End - 1] == '\n' ? End - 1 : End, ""}; // the line break stays
      }
    return Out;
  }

  /// The text of @p F with its edits.
  std::string text(FileID F) const {
    StringRef Text = SM.getBufferData(F);
    std::string Out;
    unsigned Pos = 0;
    for (const auto &[Begin, Edit] : edits(F)) {
      if (Begin < Pos)
        continue;
      Out.append(Text.data() + Pos, Begin - Pos);
      Out += Edit.second;
      Pos = Edit.first;
    }
    Out.append(Text.data() + Pos, Text.size() - Pos);
    return Out;
  }

private:
  SourceManager &SM;
  const InclusionRecorder &Recorded;
};

} // namespace

void InclusionRecorder::InclusionDirective(SourceLocation HashLoc, const Token &IncludeTok,
                                           StringRef, bool IsAngled, CharSourceRange FilenameRange,
                                           OptionalFileEntryRef File, StringRef, StringRef,
                                           const Module *, bool, SrcMgr::CharacteristicKind) {
  if (!HashLoc.isFileID() || !FilenameRange.getBegin().isFileID() ||
      !FilenameRange.getEnd().isFileID())
    return;
  bool Next = IncludeTok.getIdentifierInfo() &&
              IncludeTok.getIdentifierInfo()->getPPKeywordID() == tok::pp_include_next;
  Inclusions.push_back(
      {HashLoc, FilenameRange, File ? realPath(*File) : std::string(), !IsAngled || Next});
}

void InclusionRecorder::PragmaDirective(SourceLocation Loc, PragmaIntroducerKind Introducer) {
  if (Introducer != PIK_HashPragma || !Loc.isFileID())
    return;
  const SourceManager &SM = PP.getSourceManager();
  std::optional<Token> Pragma = Lexer::findNextToken(Loc, SM, PP.getLangOpts());
  std::optional<Token> Once =
      Pragma ? Lexer::findNextToken(Pragma->getLocation(), SM, PP.getLangOpts()) : std::nullopt;
  if (Once && Once->is(tok::raw_identifier) && Once->getRawIdentifier() == "once")
    Onces.push_back(Loc);
}

std::map<unsigned, std::pair<unsigned, std::string>>
headerEdits(Preprocessor &PP, const InclusionRecorder &Recorded,
            const std::set<std::string> &Requested) {
  SourceManager &SM = PP.getSourceManager();
  FileID Main = SM.getMainFileID();
  Writer W(PP, Recorded);
  for (const std::string &Path : Requested) {
    OptionalFileEntryRef Header = PP.getFileManager().getOptionalFileRef(Path);
    if (!Header)
      continue;
    FileID H = SM.translateFile(*Header);
    if (H.isInvalid())
      continue;
    // The chain of files from the header up to the main file.
    std::vector<std::pair<FileID, FileID>> Chain; // (file, its includer)
    bool Writable = true;
    for (FileID F = H; F != Main && Writable;) {
      SourceLocation Inc = SM.getIncludeLoc(F);
      if (Inc.isInvalid() || !Inc.isFileID() || SM.isInSystemHeader(Inc) ||
          SM.isWrittenInBuiltinFile(Inc)) {
        Writable = false;
        break;
      }
      OptionalFileEntryRef Entry = SM.getFileEntryRefForID(F);
      if (!Entry || !W.entering(SM.getFileID(Inc), F)) {
        Writable = false;
        break;
      }
      // Included again elsewhere, a #pragma once header would define
      // everything a second time.
      std::string Real = realPath(*Entry);
      if (const HeaderFileInfo *Info = PP.getHeaderSearchInfo().getExistingFileInfo(*Entry);
          Info && Info->isPragmaOnce) {
        unsigned Times = 0;
        for (const auto &I : Recorded.Inclusions)
          Times += I.RealPath == Real;
        Writable = Times <= 1;
      }
      Chain.push_back({F, SM.getFileID(Inc)});
      F = SM.getFileID(Inc);
    }
    if (Writable)
      for (auto [F, Of] : Chain)
        W.Parent[F] = Of;
  }
  if (W.Parent.empty())
    return {};
  return W.edits(Main);
}

} // namespace parade
