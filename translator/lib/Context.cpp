//===- Context.cpp - State shared by the translation passes --------------===//
#include "Context.h"

#include "AstUtil.h"
#include "HeaderInlining.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>

using namespace clang;

namespace parade {

Translation::Translation(ASTContext &Ctx, Rewriter &R, const Options &Opts)
    : Ctx(Ctx), SM(Ctx.getSourceManager()), R(R), Opts(Opts) {
  DiagnosticsEngine &D = Ctx.getDiagnostics();
  ErrorID = D.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  RemarkID = D.getCustomDiagID(DiagnosticsEngine::Remark, "%0 [-Rparade]");
}

void Translation::error(SourceLocation Loc, llvm::StringRef Message) {
  Failed = true;
  // Several passes look at the same construct; say each thing once.
  if (!Reported.insert(llvm::hash_combine(Loc.getRawEncoding(), Message)).second)
    return;
  Ctx.getDiagnostics().Report(Loc, ErrorID) << Message;
}

void Translation::remark(SourceLocation Loc, llvm::StringRef Message) {
  if (Opts.Remarks)
    Ctx.getDiagnostics().Report(Loc, RemarkID) << Message;
}

void Translation::enter(Stage S) {
  if (S <= Current)
    llvm::report_fatal_error("parade-translate: translation passes run out of order");
  Current = S;
}

SourceLocation Translation::pragmaStart(SourceLocation Loc) const {
  bool Invalid = false;
  auto [File, Offset] = SM.getDecomposedLoc(Loc);
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid || Offset > Buffer.size())
    return Loc;
  size_t Start = Offset;
  for (;;) {                               // back to the start of the line, across continuations
    size_t NL = Buffer.rfind('\n', Start); // the last one before Start
    if (Start == 0 || NL == StringRef::npos) {
      Start = 0;
      break;
    }
    Start = NL + 1;
    StringRef Before = Buffer.substr(0, NL).rtrim(" \t\r");
    if (!Before.ends_with("\\"))
      break;
    Start = NL; // the previous line continues into this one
  }
  size_t Hash = Buffer.find_first_not_of(" \t", Start);
  if (Hash == StringRef::npos || Hash >= Offset || Buffer[Hash] != '#')
    return Loc;
  return Loc.getLocWithOffset(-(int)(Offset - Hash));
}

bool Translation::insideReplaced(SourceLocation Loc, unsigned Length, bool Insert) {
  unsigned Begin = SM.getFileOffset(SM.getExpansionLoc(Loc)), End = Begin + Length;
  for (auto [B, E] : Replaced)
    if (Insert ? (B < Begin && Begin < E) : (B <= Begin && End <= E && !(B == Begin && End == E)))
      return true;
  if (!Insert)
    Replaced.push_back({Begin, End});
  return false;
}

bool Translation::insideRewritten(SourceLocation Loc) const {
  unsigned Offset = SM.getFileOffset(SM.getExpansionLoc(Loc));
  for (auto [B, E] : Replaced)
    if (B < Offset && Offset < E)
      return true;
  return false;
}

void Translation::replace(CharSourceRange Range, llvm::StringRef Text) {
  CharSourceRange File = Lexer::makeFileCharRange(Range, SM, Ctx.getLangOpts());
  if (File.isInvalid()) {
    error(Range.getBegin(), "internal error: cannot rewrite this range");
    return;
  }
  unsigned Length = SM.getFileOffset(File.getEnd()) - SM.getFileOffset(File.getBegin());
  if (insideReplaced(File.getBegin(), Length, false)) {
    error(Range.getBegin(), "internal error: an edit inside text already rewritten");
    return;
  }
  if (R.ReplaceText(File, Text))
    error(Range.getBegin(), "internal error: cannot rewrite this range");
}

void Translation::replace(SourceLocation Begin, unsigned Length, llvm::StringRef Text) {
  replace(CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(Length)), Text);
}

void Translation::insert(SourceLocation Loc, llvm::StringRef Text, bool After) {
  if (insideReplaced(Loc, 0, true)) {
    error(Loc, "internal error: an insertion inside text already rewritten");
    return;
  }
  if (R.InsertText(Loc, Text, After))
    error(Loc, "internal error: cannot insert text here");
}

void Translation::insertAfterToken(SourceLocation Loc, llvm::StringRef Text) {
  SourceLocation After =
      Lexer::getLocForEndOfToken(SM.getExpansionLoc(Loc), 0, SM, Ctx.getLangOpts());
  if (After.isInvalid()) {
    error(Loc, "internal error: cannot insert text here");
    return;
  }
  insert(After, Text, true);
}

std::string Translation::textBetween(SourceLocation Begin, SourceLocation End) {
  // Text copied before the uses of pooled variables are rewritten would
  // miss those edits. (Loop transforms run in a parse of their own, which
  // rewrites no use.)
  if (Current < Stage::PooledUses && Current != Stage::LoopTransforms)
    llvm::report_fatal_error("parade-translate: source text copied before pooled uses "
                             "were rewritten");
  // A statement may begin or end with a macro invocation (`CELL(i) = 0;`):
  // its text is then the invocation as written in the file.
  CharSourceRange Range = CharSourceRange::getCharRange(Begin, End);
  SourceLocation Where = Begin.isValid() ? SM.getExpansionLoc(Begin) : Begin;
  SourceLocation AsGiven[] = {Begin, End};
  if (Begin.isValid() && End.isValid() && (Begin.isMacroID() || End.isMacroID()))
    Range = Lexer::makeFileCharRange(Range, SM, Ctx.getLangOpts());
  Begin = Range.getBegin();
  End = Range.getEnd();
  if (Range.isInvalid() || Begin.isInvalid() || End.isInvalid() ||
      SM.getFileID(Begin) != SM.getFileID(End) || SM.isBeforeInTranslationUnit(End, Begin)) {
    for (SourceLocation L : AsGiven)
      expandInvocation(L);
    error(Begin.isValid() ? Begin : Where,
          "cannot translate this statement (its extent is unclear, for example "
          "because of a macro)");
    return "";
  }
  return R.getRewrittenText(Range);
}

std::string Translation::lineMarkerName(PresumedLoc P) const {
  // The main file as the compiler was given it; a name the program set
  // with its own #line as it is.
  std::string Name = P.getFilename();
  if (!Opts.FileName.empty() && P.getFileID() == SM.getMainFileID() &&
      Name == SM.getFileEntryRefForID(SM.getMainFileID())->getName())
    Name = Opts.FileName;
  return quotedFileName(Name);
}

std::string Translation::lineDirective(PresumedLoc P) const {
  if (P.isInvalid())
    return "";
  return "#line " + std::to_string(P.getLine()) + " " + lineMarkerName(P) + "\n";
}

std::string Translation::lineDirective(SourceLocation Loc) const {
  return lineDirective(SM.getPresumedLoc(SM.getExpansionLoc(Loc)));
}

std::string Translation::macroOverride(const std::string &Name, const std::string &Value) {
  return "#pragma push_macro(\"" + Name + "\")\n#undef " + Name + "\n" +
         (Value.empty() ? "" : "#define " + Name + " " + Value + "\n");
}

std::string Translation::macroRestore(const std::string &Name) {
  return "#pragma pop_macro(\"" + Name + "\")\n";
}

const CompoundStmt *Translation::declaringBlock(const VarDecl *V, const DeclStmt **Decl) const {
  auto Parents = Ctx.getParents(*V);
  const auto *DS = Parents.empty() ? nullptr : Parents[0].get<DeclStmt>();
  if (!DS)
    return nullptr;
  if (Decl)
    *Decl = DS;
  auto Outer = Ctx.getParents(*DS);
  return Outer.empty() ? nullptr : Outer[0].get<CompoundStmt>();
}

std::string Translation::textWithLines(SourceLocation Begin, SourceLocation End) {
  std::string Text = textBetween(Begin, End);
  CharSourceRange Range = CharSourceRange::getCharRange(Begin, End);
  if (Begin.isMacroID() || End.isMacroID())
    Range = Lexer::makeFileCharRange(Range, SM, Ctx.getLangOpts());
  Begin = Range.getBegin();
  End = Range.getEnd();
  FileID Main = SM.getMainFileID();
  PresumedLoc First = SM.getPresumedLoc(Begin);
  if (Text.empty() || SM.getFileID(Begin) != Main || First.isInvalid())
    return Text;
  StringRef Buf = SM.getBufferData(Main);
  if (NoDirective.empty()) {
    // Lines that start inside a block comment, continue the line before
    // (backslash-newline), or lie in a group the preprocessor skipped.
    NoDirective.assign(SM.getLineNumber(Main, Buf.size()) + 2, false);
    auto Mark = [&](unsigned From, unsigned To) { // lines (From, To]
      for (unsigned L = From + 1; L <= To && L < NoDirective.size(); L++)
        NoDirective[L] = true;
    };
    Lexer Raw(SM.getLocForStartOfFile(Main), Ctx.getLangOpts(), Buf.begin(), Buf.begin(),
              Buf.end());
    Raw.SetCommentRetentionState(true);
    Token Tok;
    while (!Raw.LexFromRawLexer(Tok))
      if (Tok.is(tok::comment))
        Mark(SM.getExpansionLineNumber(Tok.getLocation()),
             SM.getExpansionLineNumber(Tok.getEndLoc()));
    for (size_t At = Buf.find("\\\n"); At != StringRef::npos; At = Buf.find("\\\n", At + 1))
      Mark(SM.getLineNumber(Main, At), SM.getLineNumber(Main, At) + 1);
    for (size_t At = Buf.find("\\\r\n"); At != StringRef::npos; At = Buf.find("\\\r\n", At + 1))
      Mark(SM.getLineNumber(Main, At), SM.getLineNumber(Main, At) + 1);
    for (SourceRange R : Skipped)
      Mark(SM.getExpansionLineNumber(R.getBegin()), SM.getExpansionLineNumber(R.getEnd()));
  }
  unsigned BeginOff = SM.getFileOffset(Begin), EndOff = SM.getFileOffset(End);
  // The replaced ranges by their start, and the furthest end of each prefix
  // (ranges nest: a directive's edit holds the edits of its body).
  std::vector<std::pair<unsigned, unsigned>> Edits(Replaced);
  std::sort(Edits.begin(), Edits.end());
  std::vector<unsigned> ReachEnd(Edits.size());
  for (size_t K = 0; K < Edits.size(); K++)
    ReachEnd[K] = std::max(Edits[K].second, K ? ReachEnd[K - 1] : 0u);
  // The text starts on a line of its own, numbered as the line of Begin.
  std::string Out = "\n" + lineDirective(First);
  unsigned Presumed = First.getLine();
  std::string PresumedName = lineMarkerName(First);
  size_t Done = 0, Scanned = 0;
  bool AtLineStart = true;
  // The compiler's line number at Text[Pos] (a line start), from the
  // newlines and #line directives of Text before it.
  auto ScanTo = [&](size_t Pos) {
    for (; Scanned < Pos; Scanned++) {
      if (AtLineStart) {
        StringRef Rest = StringRef(Text).substr(Scanned);
        size_t Eol = Rest.find('\n');
        StringRef Directive = Rest.take_front(Eol).trim(" \t\r");
        unsigned N = 0;
        if (Eol != StringRef::npos && Scanned + Eol < Pos && Directive.consume_front("#") &&
            (Directive = Directive.ltrim(" \t")).consume_front("line") &&
            !(Directive = Directive.ltrim(" \t")).consumeInteger(10, N)) {
          Presumed = N;
          StringRef Name = Directive.trim(" \t");
          if (Name.starts_with("\""))
            PresumedName = Name.str();
          Scanned += Eol; // at its newline, which the loop passes
          AtLineStart = true;
          continue;
        }
      }
      AtLineStart = Text[Scanned] == '\n';
      if (AtLineStart)
        Presumed++;
    }
  };
  for (size_t LineStart = Buf.find('\n', BeginOff);
       LineStart != StringRef::npos && LineStart + 1 < EndOff;
       LineStart = Buf.find('\n', LineStart + 1)) {
    unsigned Off = LineStart + 1;
    if (unsigned Line = SM.getLineNumber(Main, Off); Line < NoDirective.size() && NoDirective[Line])
      continue;
    if (Buf.slice(Off, std::min<size_t>(Buf.find('\n', Off), EndOff)).trim().empty())
      continue; // nothing there that names its line
    // Where the line's first character went: a line whose start an edit
    // replaced from before has none; one an edit replaces from its start
    // begins where the edit's text does; else it follows any text
    // inserted before it.
    auto After = std::upper_bound(Edits.begin(), Edits.end(), std::make_pair(Off, ~0u));
    auto AtOrAfter = std::lower_bound(Edits.begin(), Edits.end(), std::make_pair(Off, 0u));
    if (AtOrAfter != Edits.begin() && ReachEnd[AtOrAfter - Edits.begin() - 1] > Off)
      continue; // inside an edit made from before the line
    bool Starts = false;
    for (auto It = AtOrAfter; It != After; ++It)
      Starts |= It->second > It->first;
    SourceLocation At = Begin.getLocWithOffset(Off - BeginOff);
    std::optional<size_t> Pos;
    for (bool Inserts : {!Starts, false}) {
      Rewriter::RewriteOptions O;
      O.IncludeInsertsAtEndOfRange = Inserts;
      int Size = R.getRangeSize(CharSourceRange::getCharRange(Begin, At), O);
      if (Size > 0 && (size_t)Size >= Done && (size_t)Size <= Text.size() &&
          Text[Size - 1] == '\n') {
        Pos = Size;
        break;
      }
    }
    if (!Pos)
      continue;
    ScanTo(*Pos);
    PresumedLoc Want = SM.getPresumedLoc(At);
    if (Want.isValid() && (Presumed != Want.getLine() || PresumedName != lineMarkerName(Want))) {
      Out += Text.substr(Done, *Pos - Done) + lineDirective(Want);
      Done = *Pos;
      Presumed = Want.getLine();
      PresumedName = lineMarkerName(Want);
    }
  }
  Out += Text.substr(Done);
  return Out;
}

bool Translation::expandInvocation(SourceLocation Loc) {
  if (!Opts.ExpandRequests || Loc.isInvalid() || !Loc.isMacroID())
    return false;
  SourceLocation Invocation = SM.getExpansionRange(Loc).getBegin();
  if (!SM.isWrittenInMainFile(Invocation))
    return false;
  Opts.ExpandRequests->insert(SM.getFileOffset(Invocation));
  return true;
}

void Translation::inlineHeader(SourceLocation Loc) {
  if (!Opts.InlineRequests || Loc.isInvalid())
    return;
  FileID F = SM.getFileID(SM.getExpansionLoc(Loc));
  OptionalFileEntryRef File = SM.getFileEntryRefForID(F);
  if (!File || F == SM.getMainFileID())
    return;
  Opts.InlineRequests->insert(headerPath(*File));
}

std::string Translation::text(SourceRange Range) {
  // A range that starts or ends inside a macro expansion is taken as the
  // macro invocation written in the file (`N` in `i < N`).
  CharSourceRange File =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(Range), SM, Ctx.getLangOpts());
  if (File.isInvalid()) {
    expandInvocation(Range.getBegin());
    expandInvocation(Range.getEnd());
    error(Range.getBegin(), "cannot translate an expression that spans macro boundaries");
    return "";
  }
  return R.getRewrittenText(File);
}

/// Whether @p T is an unnamed struct, union or enum (that no typedef
/// names): it has no spelling but the one it was written with.
static bool unnamedTag(QualType T) {
  const TagDecl *Tag = T->getAsTagDecl();
  return Tag && !Tag->getIdentifier() && !Tag->getTypedefNameForAnonDecl();
}

/// @p T with each typeof(expression) in it replaced by the type it names
/// (the expression may name a local or a parameter, `typeof(a) b;`, which a
/// declaration elsewhere, a region's argument block at file scope, cannot
/// see), and each typedef named in @p Shadowed by its type. A typeof or a
/// typedef of an unnamed struct, union or enum stays.
static QualType spellable(ASTContext &Ctx, QualType T, const llvm::StringSet<> &Shadowed) {
  if (T.isNull())
    return T;
  Qualifiers Q = T.getLocalQualifiers();
  const Type *Ty = T.getTypePtr();
  auto Rebuilt = [&](QualType U) { return Ctx.getQualifiedType(U, Q); };
  auto Inner = [&](QualType U) { return spellable(Ctx, U, Shadowed); };
  if (const auto *TE = dyn_cast<TypeOfExprType>(Ty)) {
    QualType Under = TE->getUnderlyingExpr()->getType();
    if (unnamedTag(Under))
      return T;
    if (TE->getKind() == TypeOfKind::Unqualified)
      Under = Under.getAtomicUnqualifiedType();
    return Inner(Rebuilt(Under));
  }
  if (const auto *TT = dyn_cast<TypedefType>(Ty)) {
    const TypedefNameDecl *TD = TT->getDecl();
    QualType Under = TD->getUnderlyingType();
    if (!Shadowed.count(TD->getName()) || unnamedTag(Under) || Under->isVariablyModifiedType())
      return T;
    return Inner(Rebuilt(Under));
  }
  if (const auto *E = dyn_cast<ElaboratedType>(Ty)) { // a type's name as written
    QualType Named = Inner(E->getNamedType());
    return Named == E->getNamedType() ? T : Rebuilt(Named);
  }
  if (const auto *P = dyn_cast<ParenType>(Ty))
    return Rebuilt(Ctx.getParenType(Inner(P->getInnerType())));
  if (const auto *P = dyn_cast<PointerType>(Ty))
    return Rebuilt(Ctx.getPointerType(Inner(P->getPointeeType())));
  if (const auto *A = dyn_cast<ConstantArrayType>(Ty))
    return Rebuilt(Ctx.getConstantArrayType(Inner(A->getElementType()), A->getSize(),
                                            A->getSizeExpr(), A->getSizeModifier(),
                                            A->getIndexTypeCVRQualifiers()));
  if (const auto *A = dyn_cast<IncompleteArrayType>(Ty))
    return Rebuilt(Ctx.getIncompleteArrayType(Inner(A->getElementType()), A->getSizeModifier(),
                                              A->getIndexTypeCVRQualifiers()));
  if (const auto *A = dyn_cast<VariableArrayType>(Ty))
    return Rebuilt(Ctx.getVariableArrayType(Inner(A->getElementType()), A->getSizeExpr(),
                                            A->getSizeModifier(), A->getIndexTypeCVRQualifiers(),
                                            A->getBracketsRange()));
  if (const auto *F = dyn_cast<FunctionProtoType>(Ty)) {
    std::vector<QualType> Params;
    for (QualType P : F->getParamTypes())
      Params.push_back(Inner(P));
    return Rebuilt(Ctx.getFunctionType(Inner(F->getReturnType()), Params, F->getExtProtoInfo()));
  }
  if (const auto *F = dyn_cast<FunctionNoProtoType>(Ty))
    return Rebuilt(Ctx.getFunctionNoProtoType(Inner(F->getReturnType()), F->getExtInfo()));
  return T;
}

std::string Translation::declare(QualType T, llvm::StringRef Name) {
  if (!LocalNames) {
    struct Collect : RecursiveASTVisitor<Collect> {
      Translation &T;
      llvm::StringSet<> Names;
      explicit Collect(Translation &T) : T(T) {}
      bool VisitVarDecl(VarDecl *V) {
        if (V->getIdentifier() && V->getParentFunctionOrMethod() && T.inMainFile(V->getLocation()))
          Names.insert(V->getName());
        return true;
      }
    } C(*this);
    C.TraverseDecl(Ctx.getTranslationUnitDecl());
    LocalNames = std::move(C.Names);
  }
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.SuppressTagKeyword = false;
  spellable(Ctx, T, *LocalNames).print(OS, Policy, Name);
  return OS.str();
}

QualType Translation::withExtents(QualType Ty, const std::string &Spelled,
                                  std::vector<std::pair<std::string, std::string>> &Extents) {
  if (Ty.isNull() || !Ty->isVariablyModifiedType())
    return Ty;
  if (const ArrayType *A = Ctx.getAsArrayType(Ty)) {
    std::string Elem = "(" + Spelled + ")[0]";
    QualType E = withExtents(A->getElementType(), Elem, Extents);
    if (const auto *VA = dyn_cast<VariableArrayType>(A)) {
      std::string Name = "parade_vext_" + std::to_string(fresh());
      // (A row of no bytes, `double a[n][0]`, has length 1 here: any
      // length gives it the same layout.)
      Extents.push_back(
          {Name, "(sizeof " + Elem + " ? sizeof (" + Spelled + ") / sizeof " + Elem + " : 1)"});
      auto *Var =
          VarDecl::Create(Ctx, Ctx.getTranslationUnitDecl(), SourceLocation(), SourceLocation(),
                          &Ctx.Idents.get(Name), Ctx.getSizeType(), nullptr, SC_None);
      Expr *Ref = DeclRefExpr::Create(Ctx, NestedNameSpecifierLoc(), SourceLocation(), Var, false,
                                      SourceLocation(), Ctx.getSizeType(), VK_LValue);
      return Ctx.getVariableArrayType(E, Ref, VA->getSizeModifier(),
                                      VA->getIndexTypeCVRQualifiers(), SourceRange());
    }
    if (const auto *CA = dyn_cast<ConstantArrayType>(A))
      return Ctx.getConstantArrayType(E, CA->getSize(), nullptr, CA->getSizeModifier(),
                                      CA->getIndexTypeCVRQualifiers());
    if (const auto *IA = dyn_cast<IncompleteArrayType>(A))
      return Ctx.getIncompleteArrayType(E, IA->getSizeModifier(), IA->getIndexTypeCVRQualifiers());
    return Ty;
  }
  if (const auto *P = Ty->getAs<PointerType>()) {
    QualType Pointee = withExtents(P->getPointeeType(), "*(" + Spelled + ")", Extents);
    return Ctx.getQualifiedType(Ctx.getPointerType(Pointee), Ty.getQualifiers());
  }
  return Ty; // another variably modified type: its bounds travel by name
}

SourceLocation Translation::endOf(const Stmt *S) {
  // A directive's own end is the end of its pragma line; the statement it
  // applies to ends later. Statements that end with a sub-statement (a loop
  // body, an else branch) end where it does, which may be a directive.
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    if (const Stmt *Body = directiveBody(D))
      return endOf(Body);
    return D->getEndLoc();
  }
  const Stmt *Last = trailingSubStmt(S);
  if (Last)
    return endOf(Last);
  SourceLocation End = S->getEndLoc();
  if (!isa<CompoundStmt>(S)) {
    SourceLocation AfterSemi =
        Lexer::findLocationAfterToken(End, tok::semi, SM, Ctx.getLangOpts(), false);
    if (AfterSemi.isValid())
      return AfterSemi;
  }
  SourceLocation After = Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
  // Inside a macro's text, not at its end (`#define END2 } }`): the
  // caller's error stands unless the invocation can be written out.
  if (After.isInvalid())
    expandInvocation(End);
  return After;
}

SourceLocation Translation::beginOf(const Stmt *S) const {
  return isa<OMPExecutableDirective>(S) ? pragmaStart(S->getBeginLoc()) : S->getBeginLoc();
}

SourceRange Translation::extent(const OMPExecutableDirective *D) {
  return SourceRange(D->getBeginLoc(), endOf(D));
}

std::string Translation::conditionalsToKeep(SourceLocation Begin, SourceLocation End,
                                            SourceLocation KeepBegin, SourceLocation KeepEnd,
                                            ChainPart Part) {
  if (Part == ChainPart::Middle)
    return "";
  auto Before = [&](SourceLocation A, SourceLocation B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A), SM.getExpansionLoc(B));
  };
  auto Copied = [&](SourceLocation L) {
    return KeepBegin.isValid() && !Before(L, KeepBegin) && Before(L, KeepEnd);
  };
  auto Lost = [&](SourceLocation L) { return !Before(L, Begin) && Before(L, End) && !Copied(L); };
  llvm::DenseMap<unsigned, unsigned> InGroup, LostInGroup, CopiedInGroup;
  for (const ConditionalLine &C : Conditionals) {
    InGroup[C.Group]++;
    if (Lost(C.Loc))
      LostInGroup[C.Group]++;
    if (Copied(C.Loc))
      CopiedInGroup[C.Group]++;
  }
  std::string Out;
  for (const ConditionalLine &C : Conditionals) {
    if (!Lost(C.Loc) || LostInGroup[C.Group] == InGroup[C.Group])
      continue; // kept by the copy, or a whole group the AST has resolved
    if ((Part == ChainPart::First && CopiedInGroup[C.Group]) ||
        (Part == ChainPart::Innermost && !CopiedInGroup[C.Group]))
      continue; // the other end of the chain writes this group
    FileID File = SM.getFileID(C.Loc);
    unsigned Line = SM.getSpellingLineNumber(C.Loc);
    SourceLocation LineBegin = SM.translateLineCol(File, Line, 1);
    SourceLocation LineEnd = SM.translateLineCol(File, Line + 1, 1);
    if (LineEnd == LineBegin) // the last line of the file
      LineEnd = SM.getLocForEndOfFile(File);
    // As written: the line may lie inside an inner directive's replaced
    // text, which the rewriter no longer has by line.
    std::string Text = Lexer::getSourceText(CharSourceRange::getCharRange(LineBegin, LineEnd), SM,
                                            Ctx.getLangOpts())
                           .str();
    while (!Text.empty() && (Text.back() == '\n' || Text.back() == '\r'))
      Text.pop_back();
    Out += Text + "\n";
  }
  return Out;
}

std::pair<std::string, std::string> Translation::localMacros(const FunctionDecl *F,
                                                             SourceLocation At) {
  SourceLocation Begin = SM.getExpansionLoc(F->getBeginLoc());
  At = SM.getExpansionLoc(At);
  // The state of each name at At, from the events inside the function.
  std::vector<std::string> Order;
  llvm::StringMap<const MacroEvent *> Last;
  for (const MacroEvent &E : Macros) {
    if (SM.isBeforeInTranslationUnit(E.Loc, Begin) || !SM.isBeforeInTranslationUnit(E.Loc, At))
      continue;
    if (!Last.count(E.Name))
      Order.push_back(E.Name);
    Last[E.Name] = &E;
  }
  std::string Defines, Undefs;
  for (const std::string &Name : Order) {
    const MacroEvent *E = Last[Name];
    if (E->Define.empty())
      continue;
    Defines += "#undef " + Name + "\n" + E->Define + "\n";
    Undefs += "#undef " + Name + "\n";
  }
  return {Defines, Undefs};
}

bool Translation::contains(SourceRange Outer, SourceLocation Inner) const {
  SourceLocation I = SM.getExpansionLoc(Inner);
  SourceLocation B = SM.getExpansionLoc(Outer.getBegin());
  SourceLocation E = SM.getExpansionLoc(Outer.getEnd());
  return !SM.isBeforeInTranslationUnit(I, B) && !SM.isBeforeInTranslationUnit(E, I);
}

const Scope *Translation::privatizingScope(const VarDecl *V, SourceLocation Loc,
                                           const OMPExecutableDirective *Except) const {
  const Scope *Found = nullptr;
  for (const Scope &S : Scopes) {
    if (S.Directive == Except || !contains(S.Range, Loc))
      continue;
    auto It = S.Vars.find(V);
    if (It == S.Vars.end())
      It = S.Vars.find(V->getCanonicalDecl());
    if (It != S.Vars.end() && It->second != Sharing::Shared) {
      // Later scopes inside earlier ones are more inner.
      if (!Found || contains(Found->Range, S.Range.getBegin()))
        Found = &S;
    }
  }
  return Found;
}

const Translation::SharedPrivate *
Translation::sharedPrivate(const VarDecl *V, SourceLocation Loc,
                           const OMPExecutableDirective *Except) const {
  const SharedPrivate *Found = nullptr;
  for (const SharedPrivate &SP : SharedPrivates)
    if (SP.Var == V->getCanonicalDecl() && SP.Task != Except && contains(SP.Range, Loc) &&
        (!Found || contains(Found->Range, SP.Range.getBegin())))
      Found = &SP;
  return Found;
}

const Translation::SharedPrivate *Translation::sharedPrivateOf(const OMPExecutableDirective *Task,
                                                               const VarDecl *V) const {
  for (const SharedPrivate &SP : SharedPrivates)
    if (SP.Task == Task && SP.Var == V->getCanonicalDecl())
      return &SP;
  return nullptr;
}

bool Translation::sharedStorage(const VarDecl *V) const {
  const VarDecl *Canon = V->getCanonicalDecl();
  if (Pooled.count(Canon))
    return true;
  if (!V->hasGlobalStorage() || V->isStaticLocal())
    return false; // a static local that is not pooled is a constant one
  for (const VarDecl *R : V->redecls())
    if (R->getTLSKind() != VarDecl::TLS_None || R->hasAttr<OMPThreadPrivateDeclAttr>())
      return false;
  return !Ctx.getBaseElementType(V->getType()).isConstQualified();
}

std::string Translation::spell(const VarDecl *V, SourceLocation Loc,
                               const OMPExecutableDirective *Except) const {
  const Scope *Private = privatizingScope(V, Loc, Except);
  // A task's pointer to the private copy, unless a construct inside the
  // task privatizes the variable again.
  if (const SharedPrivate *SP = sharedPrivate(V, Loc, Except))
    if (!Private || !contains(SP->Range, Private->Range.getBegin()))
      return "(*" + SP->Ptr + ")";
  auto It = Pooled.find(V->getCanonicalDecl());
  if (It == Pooled.end() || Private) {
    auto R = Renamed.find(V->getCanonicalDecl());
    return R == Renamed.end() ? V->getName().str() : R->second;
  }
  return "(*" + It->second + ")";
}

bool Translation::inScopeOf(const VarDecl *V, SourceLocation Loc) const {
  // From the declaration to the end of the block that holds it.
  const DeclStmt *DS = nullptr;
  const CompoundStmt *Block = declaringBlock(V, &DS);
  return Block &&
         SM.isBeforeInTranslationUnit(SM.getExpansionLoc(DS->getEndLoc()),
                                      SM.getExpansionLoc(Loc)) &&
         SM.isBeforeInTranslationUnit(SM.getExpansionLoc(Loc), Block->getRBracLoc());
}

bool Translation::privatizes(const OMPExecutableDirective *D, const VarDecl *V) const {
  for (const Scope &S : Scopes)
    if (S.Directive == D) {
      auto It = S.Vars.find(V->getCanonicalDecl());
      if (It != S.Vars.end() && It->second != Sharing::Shared)
        return true;
    }
  return false;
}

std::string Translation::asCodeOf(const FunctionDecl *F, const std::string &Text,
                                  const OMPExecutableDirective *From) const {
  std::string Name = F->getNameAsString(), Before = "\n", After = "\n";
  // The function's pooled locals whose name stands for their storage (a
  // macro names them) do in its outlined code too, which is given the
  // pool's pointer under its own name.
  for (const VarDecl *V : MacroAliased)
    if (From && V->getParentFunctionOrMethod() == F && !privatizes(From, V) &&
        inScopeOf(V, From->getBeginLoc())) {
      Before += macroOverride(V->getName().str(), "(*" + Pooled.lookup(V) + ")");
      After += macroRestore(V->getName().str());
    }
  for (std::string Macro : {"__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"}) {
    Before += macroOverride(Macro, "\"" + Name + "\"");
    After += macroRestore(Macro);
  }
  return Before + Text + After;
}

void Translation::addBeforeFunction(SourceLocation Loc, std::string Text) {
  Pending.emplace_back(Loc, std::move(Text));
}

void Translation::holdBeforeFunction(SourceLocation Loc, SourceLocation At, std::string Text) {
  Held.push_back({Loc, At, std::move(Text)});
}

void Translation::addHeldBeforeFunctions() {
  // Source order (where a macro wrote one, where it was invoked); the
  // entries of different functions go before different places anyway.
  std::stable_sort(Held.begin(), Held.end(), [&](const HeldText &A, const HeldText &B) {
    return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A.At), SM.getExpansionLoc(B.At));
  });
  for (HeldText &Entry : Held)
    Pending.emplace_back(Entry.Function, std::move(Entry.Text));
  Held.clear();
}

void Translation::flushBeforeFunctions() {
  // Outlined bodies go before the top-level declaration that holds them;
  // the innermost-first order of Pending keeps callees before callers.
  // A function whose declaration begins with a macro (`REAL f(...)`,
  // `STATIC void g(...)`) begins where the macro is written.
  for (auto &[Loc, Text] : Pending)
    insert(SM.getExpansionLoc(Loc), Text, /*After=*/true);
  Pending.clear();
}

const Stmt *directiveBody(const OMPExecutableDirective *D) {
  // A stand-alone directive that is a task (target enter data, target
  // update) has an associated statement Sema made, not a body.
  if (!D->hasAssociatedStmt() || D->isStandaloneDirective())
    return nullptr;
  const Stmt *S = D->getAssociatedStmt();
  while (const auto *CS = dyn_cast<CapturedStmt>(S))
    S = CS->getCapturedStmt();
  return S;
}

std::string directiveName(const OMPExecutableDirective *D) {
  // Sema gives a `loop` the kind it binds like (for, simd, distribute);
  // the program wrote `loop`.
  if (D->getMappedDirective() == llvm::omp::OMPD_loop)
    return "loop";
  return getOpenMPDirectiveName(D->getDirectiveKind()).str();
}

std::string runtimeTypeName(QualType T, ASTContext &Ctx) {
  T = T.getCanonicalType().getUnqualifiedType();
  // An enumeration is its integer type (C: an integer, arithmetic type).
  if (const auto *E = T->getAs<EnumType>())
    if (E->getDecl()->isComplete())
      T = E->getDecl()->getIntegerType().getCanonicalType();
  const auto *B = T->getAs<BuiltinType>();
  if (!B)
    return {};
  switch (B->getKind()) {
  case BuiltinType::Char_S:
  case BuiltinType::Char_U: return "PARADE_CHAR";
  case BuiltinType::SChar: return "PARADE_SCHAR";
  case BuiltinType::UChar: return "PARADE_UCHAR";
  case BuiltinType::Short: return "PARADE_SHORT";
  case BuiltinType::UShort: return "PARADE_USHORT";
  case BuiltinType::Int: return "PARADE_INT";
  case BuiltinType::UInt: return "PARADE_UINT";
  case BuiltinType::Long: return "PARADE_LONG";
  case BuiltinType::ULong: return "PARADE_ULONG";
  case BuiltinType::LongLong: return "PARADE_LLONG";
  case BuiltinType::ULongLong: return "PARADE_ULLONG";
  case BuiltinType::Float: return "PARADE_FLOAT";
  case BuiltinType::Double: return "PARADE_DOUBLE";
  case BuiltinType::LongDouble: return "PARADE_LDOUBLE";
  case BuiltinType::Bool: return "PARADE_BOOL";
  default: return {};
  }
}

} // namespace parade
