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

std::string quotedFileName(StringRef Name) {
  std::string Out = "\"";
  for (char C : Name) {
    if (C == '\\' || C == '"')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

namespace {

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
    std::string Path = headerPath(*Entry);
    unsigned At = SM.getFileOffset(SM.getIncludeLoc(Child));
    const InclusionRecorder::Inclusion *Best = nullptr;
    for (const auto &I : Recorded.Inclusions)
      if (SM.getFileID(I.Hash) == F && I.RealPath == Path && SM.getFileOffset(I.Hash) <= At &&
          (!Best || SM.getFileOffset(I.Hash) > SM.getFileOffset(Best->Hash)))
        Best = &I;
    return Best;
  }

  /// The name a `#line` directive gives file @p F at @p Loc: the main
  /// file's own name there, unless its own #line gave it another.
  std::string nameAt(FileID F, SourceLocation Loc) const {
    std::string Name = SM.getPresumedLoc(Loc).getFilename();
    if (F == SM.getMainFileID() &&
        Name == SM.getPresumedLoc(SM.getLocForStartOfFile(F)).getFilename())
      return SM.getFileEntryRefForID(F)->getName().str();
    return Name;
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
      // From the `#` to the end of the file's name: what is before it on
      // its line stays, and so does the rest of the line (a comment),
      // numbered as it was.
      unsigned Begin = SM.getFileOffset(I->Hash), End = SM.getFileOffset(I->Filename.getEnd());
      PresumedLoc At = SM.getPresumedLoc(I->Hash);
      std::string Body = text(Child);
      if (!Body.empty() && Body.back() != '\n')
        Body += '\n';
      Out[Begin] = {
          End, "\n#line 1 " +
                   quotedFileName(SM.getPresumedLoc(SM.getLocForStartOfFile(Child)).getFilename()) +
                   "\n" + Body + "#line " + std::to_string(At.getLine()) + " " +
                   quotedFileName(nameAt(F, I->Hash)) + "\n"};
    }
    if (F == SM.getMainFileID())
      return Out;
    // A written header's other inclusions name their files by path, and
    // its pragmas for headers go.
    for (const auto &I : Recorded.Inclusions)
      if (SM.getFileID(I.Hash) == F && I.Rewrite && !I.RealPath.empty() &&
          !Out.count(SM.getFileOffset(I.Hash))) { // not written in
        unsigned From = SM.getFileOffset(I.Next ? I.Keyword : I.Filename.getBegin());
        Out[From] = {SM.getFileOffset(I.Filename.getEnd()),
                     (I.Next ? "include " : "") + quotedFileName(I.RealPath)};
      }
    for (CharSourceRange P : Recorded.HeaderOnlyPragmas)
      if (SM.getFileID(P.getBegin()) == F)
        Out[SM.getFileOffset(P.getBegin())] = {SM.getFileOffset(P.getEnd()), ""};
    return Out;
  }

  /// The text of @p F with its edits.
  std::string text(FileID F) const {
    StringRef Text = SM.getBufferData(F);
    std::string Out;
    unsigned Pos = Text.starts_with("\xEF\xBB\xBF") ? 3 : 0; // a byte-order mark
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

std::string headerPath(FileEntryRef File) {
  SmallString<256> Path;
  if (!llvm::sys::fs::real_path(File.getName(), Path))
    return std::string(Path);
  Path = File.getName();
  llvm::sys::fs::make_absolute(Path);
  return std::string(Path);
}

void InclusionRecorder::InclusionDirective(SourceLocation HashLoc, const Token &IncludeTok,
                                           StringRef FileName, bool IsAngled,
                                           CharSourceRange FilenameRange, OptionalFileEntryRef File,
                                           StringRef, StringRef, const Module *, bool,
                                           SrcMgr::CharacteristicKind) {
  if (!HashLoc.isFileID())
    return;
  const SourceManager &SM = PP.getSourceManager();
  bool Next = IncludeTok.getIdentifierInfo() &&
              IncludeTok.getIdentifierInfo()->getPPKeywordID() == tok::pp_include_next;
  bool Computed = !FilenameRange.getBegin().isFileID() || !FilenameRange.getEnd().isFileID();
  std::string Path = File ? headerPath(*File) : std::string();
  // Written into the main file, a quoted name is looked for next to the
  // main file first, then on the path: it names its file by path where it
  // was found next to its header (elsewhere than the main file), or where
  // the main file's directory has another file of that name. One found on
  // the path stays as it is, so that an #include_next in it goes on from
  // there. #include_next itself becomes an #include of its file.
  bool Rewrite = Next;
  OptionalFileEntryRef Includer = SM.getFileEntryRefForID(SM.getFileID(HashLoc));
  OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID());
  if (!IsAngled && File && Includer && Main) {
    auto Finds = [&](StringRef Dir) {
      SmallString<256> Candidate(Dir);
      llvm::sys::path::append(Candidate, FileName);
      SmallString<256> Real;
      return llvm::sys::fs::real_path(Candidate, Real) ? std::string() : std::string(Real);
    };
    StringRef Here = Includer->getDir().getName(), There = Main->getDir().getName();
    std::string Beside = Finds(Here), InMain = Finds(There);
    Rewrite = InMain != Path && (Beside == Path || !InMain.empty());
  }
  Inclusions.push_back(
      {HashLoc, IncludeTok.getLocation(), FilenameRange, Path, Rewrite, Next, Computed});
}

void InclusionRecorder::PragmaDirective(SourceLocation Loc, PragmaIntroducerKind Introducer) {
  if (Introducer != PIK_HashPragma || !Loc.isFileID())
    return;
  const SourceManager &SM = PP.getSourceManager();
  const LangOptions &LO = PP.getLangOpts();
  auto After = [&](std::optional<Token> T) {
    return T ? Lexer::findNextToken(T->getLocation(), SM, LO) : std::nullopt;
  };
  auto Is = [](const std::optional<Token> &T, StringRef Word) {
    return T && T->is(tok::raw_identifier) && T->getRawIdentifier() == Word;
  };
  std::optional<Token> Pragma = Lexer::findNextToken(Loc, SM, LO), Name = After(Pragma);
  std::optional<Token> Last;
  if (Is(Name, "once"))
    Last = Name;
  else if (Is(Name, "GCC") && Is(After(Name), "system_header"))
    Last = After(Name);
  if (Last)
    HeaderOnlyPragmas.push_back(CharSourceRange::getCharRange(Loc, Last->getEndLoc()));
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
      bool Invalid = false;
      if (Inc.isInvalid() || !Inc.isFileID() || SM.isWrittenInBuiltinFile(Inc) ||
          SM.getSLocEntry(SM.getFileID(Inc), &Invalid).getFile().getFileCharacteristic() !=
              SrcMgr::C_User ||
          Invalid) {
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
      std::string Real = headerPath(*Entry);
      for (const auto &I : Recorded.Inclusions) // a name a macro spells stays a name
        Writable &= !(I.Computed && SM.getFileID(I.Hash) == F);
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
