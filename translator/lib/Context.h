//===- Context.h - State shared by the translation passes -------*- C++ -*-===//
//
// One Translation per file: the AST, the single Rewriter that every pass
// edits through, the options, diagnostics with source locations, and the
// decisions the passes share (which variables live in the DSM pool, how
// each region and construct shares each variable it names).
//
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_CONTEXT_H
#define PARADE_TRANSLATOR_CONTEXT_H

#include "Translator.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>
#include <vector>

namespace parade {

/// A preprocessor conditional line (#if, #elif, #else, #endif and kin) of
/// the main file, and the group (#if ... #endif) it belongs to.
struct ConditionalLine {
  clang::SourceLocation Loc; ///< the '#'
  unsigned Group;
};

/// A #define or #undef of the main file.
struct MacroEvent {
  std::string Name;
  clang::SourceLocation Loc;
  std::string Define; ///< the whole #define line; empty for #undef
};

/// How a construct sees a variable declared outside it.
enum class Sharing {
  Shared,       ///< one copy for the team: in the pool, or passed by value
  Private,      ///< a fresh, uninitialised copy per thread
  FirstPrivate, ///< a copy per thread, initialised from the original
  LastPrivate,  ///< private, and the last iteration's value is copied out
  Reduction,    ///< private, initialised to the identity, combined at the end
};

struct ReductionItem {
  const clang::VarDecl *Var;
  std::string Op; ///< "+", "*", "-", "&", "|", "^", "&&", "||", "min", "max"
  /// An array section `Var[Lower : Length]` (an element: Length 1) of
  /// elements of type Elem; the whole variable when Section is false.
  bool Section = false;
  std::string Lower, Length; ///< C text, in elements (a run of memory)
  clang::QualType Elem;
  /// How the construct's body names the private run: a pointer to the
  /// array's rows (`double (*)[M]`), or to its elements.
  clang::QualType PrivateType;
  std::vector<const clang::VarDecl *> BoundVars; ///< named by Lower and Length
  /// A user-defined reduction (declare reduction), whose Op is empty.
  const clang::OMPDeclareReductionDecl *UDR = nullptr;
  /// reduction(task, ...): the in_reduction tasks a thread creates in the
  /// construct combine into an accumulator of that thread
  /// (parade_tr_<name>), which joins its partial once they are done.
  bool Task = false;
  /// reduction(inscan, ...): the scan reads the original through a
  /// pointer named parade_scan_orig_<name>, declared before the private
  /// copy hides the original's name.
  bool Inscan = false;
};

/// A construct that can privatise variables (a region or work-sharing
/// construct), with the variables it privatises.
struct Scope {
  const clang::OMPExecutableDirective *Directive;
  clang::SourceRange Range;
  llvm::DenseMap<const clang::VarDecl *, Sharing> Vars;
};

/// The passes, in the order Translator.cpp runs them. Later passes copy
/// source text that earlier ones rewrote (a directive's translation copies
/// its body with pooled variables already spelled through their pointers),
/// so the order is a contract: enter() checks it.
enum class Stage {
  Start,
  LoopTransforms, ///< tile constructs written out as loops (a parse of its own)
  PooledGlobals,  ///< which file-scope variables live in the pool
  Analysis,       ///< scopes, and which automatics live in the pool
  PooledUses,     ///< every use of a pooled variable spelled (*ptr)
  PooledDecls,    ///< their declarations become pool allocations
  LocalTypes,     ///< local types of forking functions to file scope
  RuntimeCalls,   ///< omp_* calls, threadprivate, replaced functions
  Directives,     ///< directives, innermost first (copies rewritten text)
  Main,           ///< main wrapped
  SharedGlobals,  ///< shared globals placed in the DSM's sections
  Output,         ///< outlined code emitted, the file printed
};

class Translation {
public:
  Translation(clang::ASTContext &Ctx, clang::Rewriter &R, const Options &Opts);

  /// Start pass @p S; a pass out of order is an internal error.
  void enter(Stage S);
  Stage stage() const { return Current; }

  /// Rewriter edits, checked: a failed edit, or one that lands strictly
  /// inside text an earlier edit replaced (it would be lost), is an
  /// internal error at @p the location instead of a silently wrong file.
  void replace(clang::CharSourceRange Range, llvm::StringRef Text);
  void replace(clang::SourceLocation Begin, unsigned Length, llvm::StringRef Text);
  void insert(clang::SourceLocation Loc, llvm::StringRef Text, bool After = true);
  void insertAfterToken(clang::SourceLocation Loc, llvm::StringRef Text);
  /// Whether @p Loc lies strictly inside text an earlier edit replaced
  /// (an insertion there would be lost).
  bool insideRewritten(clang::SourceLocation Loc) const;

  clang::ASTContext &Ctx;
  clang::SourceManager &SM;
  clang::Rewriter &R;
  const Options &Opts;

  /// Report a problem in the user's code; translation fails.
  void error(clang::SourceLocation Loc, llvm::StringRef Message);
  /// Explain a decision (shown with -Rparade).
  void remark(clang::SourceLocation Loc, llvm::StringRef Message);
  /// Ask that the macro invocation of the main file that @p Loc lies in
  /// be written out as its expansion, and the file translated again
  /// (MacroExpansion.h); false when @p Loc is in no such invocation. The
  /// caller still reports its error, which stands if the retry fails.
  bool expandInvocation(clang::SourceLocation Loc);
  /// Ask that the header @p Loc is written in be written into the main
  /// file (HeaderInlining.h), and the file translated again; the caller
  /// still reports its error.
  void inlineHeader(clang::SourceLocation Loc);
  bool failed() const { return Failed; }
  /// Whether @p Loc (where its macro expands) is in the file being
  /// translated, not in a header.
  bool inMainFile(clang::SourceLocation Loc) const {
    return Loc.isValid() && SM.isInMainFile(SM.getExpansionLoc(Loc));
  }

  /// The source text of a range as rewritten so far.
  std::string text(clang::SourceRange Range);
  std::string text(const clang::Stmt *S) { return text(S->getSourceRange()); }
  /// The rewritten text from @p Begin up to (not including) @p End; an
  /// error, not a crash, if the range is not a plain range of one file.
  std::string textBetween(clang::SourceLocation Begin, clang::SourceLocation End);
  /// The rewritten text from @p Begin to @p End, with #line directives
  /// wherever the compiler's count of lines would otherwise differ from the
  /// program's, at the start of each line the translation left as it was:
  /// __LINE__, __FILE__, assert and the compiler's diagnostics then name the
  /// program's lines, whatever the translation inserted before them. For
  /// statements copied into generated code, and for the whole file.
  std::string textWithLines(clang::SourceLocation Begin, clang::SourceLocation End);
  /// A #line directive (with its newline) that numbers the next line as
  /// the line of @p Loc: for text inserted in the middle of a line.
  std::string lineDirective(clang::SourceLocation Loc) const;
  std::string lineDirective(clang::PresumedLoc P) const;
  /// The quoted file name a #line directive gives for @p P.
  std::string lineMarkerName(clang::PresumedLoc P) const;
  /// Lines that make macro @p Name stand for @p Value (undefined when
  /// @p Value is empty) until macroRestore(@p Name) (push_macro/pop_macro).
  static std::string macroOverride(const std::string &Name, const std::string &Value);
  static std::string macroRestore(const std::string &Name);
  /// The block that declares local @p V (its declaration statement in
  /// @p Decl), if it is one's own statement.
  const clang::CompoundStmt *declaringBlock(const clang::VarDecl *V,
                                            const clang::DeclStmt **Decl = nullptr) const;
  /// The names of the main file's locals and parameters (declare), made
  /// on first use.
  std::optional<llvm::StringSet<>> LocalNames;
  /// Ranges of the main file the preprocessor skipped (#if 0), and its
  /// macro invocations over several lines: a #line there would be skipped
  /// too, or would renumber the invocation's __LINE__.
  std::vector<clang::SourceRange> Skipped;
  /// Declaration text for a variable of type @p T named @p Name. A
  /// typeof(expression) in @p T is spelled as the type it names, and so is
  /// a typedef that some local or parameter of the file has the name of
  /// (`typedef int T;` and, in a block, `int T`): the text may go where
  /// the expression's variables are not seen, or where the name is the
  /// variable's.
  std::string declare(clang::QualType T, llvm::StringRef Name);
  /// A variable-length array has the lengths it was declared with, not its
  /// bounds' current values (C11 6.7.6.2), so an outlined body cannot
  /// declare one from the bounds' names. @p T, the type of @p Spelled (an
  /// lvalue), with each variable length named by a fresh `size_t`; each
  /// name and the expression that gives its length where @p Spelled is
  /// in scope (`sizeof (a) / sizeof (a)[0]`) are added to @p Extents.
  clang::QualType withExtents(clang::QualType T, const std::string &Spelled,
                              std::vector<std::pair<std::string, std::string>> &Extents);
  /// A cast to type @p T (unqualified), as text: "(T)".
  std::string cast(clang::QualType T) { return "(" + declare(T.getUnqualifiedType(), "") + ")"; }
  /// A fresh number for generated names.
  unsigned fresh() { return NextId++; }
  /// The end of statement @p S including a trailing semicolon.
  clang::SourceLocation endOf(const clang::Stmt *S);
  /// The start of statement @p S: for a directive, its pragma line's `#`
  /// (a metadirective's chosen variant starts inside that line).
  clang::SourceLocation beginOf(const clang::Stmt *S) const;
  /// The `#` of the pragma line (continued lines included) that holds
  /// @p Loc, or @p Loc when its line is not a pragma's.
  clang::SourceLocation pragmaStart(clang::SourceLocation Loc) const;
  /// The whole extent of directive @p D: its pragma line and its statement.
  clang::SourceRange extent(const clang::OMPExecutableDirective *D);
  /// Whether @p Inner lies inside @p Outer (in the main file).
  bool contains(clang::SourceRange Outer, clang::SourceLocation Inner) const;

  /// Variables whose storage moved to the pool, with the name of the
  /// pointer that now holds their address.
  llvm::DenseMap<const clang::VarDecl *, std::string> Pooled;
  /// Pooled locals that a header's macro names (or declares): the macro's
  /// text cannot be rewritten, so the name itself becomes a macro for the
  /// pool's storage, from the declaration to the end of its block.
  llvm::SetVector<const clang::VarDecl *>
      MacroAliased; // in the order found: the same text every run
  /// The main file's conditional lines, in source order (filled while
  /// preprocessing, see Translator.cpp).
  std::vector<ConditionalLine> Conditionals;
  /// Where a directive stands in a chain of directives that are each the
  /// whole body of the one before (Directives.cpp).
  enum class ChainPart { None, First, Middle, Innermost };
  /// The lines among Conditionals in [Begin, End) that the replacement of
  /// that range must keep: those whose group does not lie wholly inside
  /// [Begin, End) minus [KeepBegin, KeepEnd) (the part that is copied
  /// into the replacement anyway). In a chain, the innermost directive
  /// keeps only groups with a line in its copy, the first only the others
  /// ([KeepBegin, KeepEnd) is then the innermost's copy), and the ones
  /// between keep none. Their text, one per line.
  std::string conditionalsToKeep(clang::SourceLocation Begin, clang::SourceLocation End,
                                 clang::SourceLocation KeepBegin, clang::SourceLocation KeepEnd,
                                 ChainPart Part = ChainPart::None);
  /// The main file's #define and #undef lines, in source order.
  std::vector<MacroEvent> Macros;
  /// Code outlined from a function to before it would not see the macros
  /// that the function defines before @p At: their #define lines (first)
  /// and the #undef lines that end them after the outlined code (second).
  std::pair<std::string, std::string> localMacros(const clang::FunctionDecl *F,
                                                  clang::SourceLocation At);
  /// Lines for the top of the translation, after parade.h.
  std::string Prologue;
  /// Threadprivate variables that a header also declares: C would reject
  /// _Thread_local on the file's declarations only, so this file's uses
  /// and declarations name a thread-local variable of another name.
  llvm::DenseMap<const clang::VarDecl *, std::string> Renamed;
  /// File-scope variables this file defines and places in the DSM's
  /// sections (they keep their names; see placeSharedGlobals).
  llvm::DenseSet<const clang::VarDecl *> SharedGlobals;
  /// Whether @p V's storage is shared by every thread of every node: in the
  /// pool, or a global (of this file or another) that is neither constant
  /// nor thread-local.
  bool sharedStorage(const clang::VarDecl *V) const;
  /// Constructs that privatise variables, outermost first.
  std::vector<Scope> Scopes;
  /// Nesting: the innermost scope that privatises @p V around @p Loc.
  /// Scopes belonging to @p Except are ignored (to spell a construct's
  /// original variables from inside its own translation).
  const Scope *privatizingScope(const clang::VarDecl *V, clang::SourceLocation Loc,
                                const clang::OMPExecutableDirective *Except = nullptr) const;
  /// A task that shares a variable an enclosing construct makes private
  /// reaches the encountering thread's copy through a pointer it is given
  /// (Ptr); inside the task's body (Range) the variable is spelled (*Ptr).
  struct SharedPrivate {
    const clang::OMPExecutableDirective *Task;
    clang::SourceRange Range;
    const clang::VarDecl *Var; ///< canonical
    std::string Ptr;
  };
  std::vector<SharedPrivate> SharedPrivates;
  /// The innermost task around @p Loc (not @p Except) that reaches @p V's
  /// private copy through a pointer.
  const SharedPrivate *sharedPrivate(const clang::VarDecl *V, clang::SourceLocation Loc,
                                     const clang::OMPExecutableDirective *Except = nullptr) const;
  /// @p Task's pointer to @p V's private copy, if it has one.
  const SharedPrivate *sharedPrivateOf(const clang::OMPExecutableDirective *Task,
                                       const clang::VarDecl *V) const;
  /// How @p V is spelled at @p Loc: "(*ptr)" when pooled and shared there,
  /// or when a task around @p Loc reaches its private copy by a pointer.
  std::string spell(const clang::VarDecl *V, clang::SourceLocation Loc,
                    const clang::OMPExecutableDirective *Except = nullptr) const;

  /// What the file's critical and atomic constructs write (Collectives.cpp
  /// fills it once): the variables, and whether some write is through a
  /// pointer or in a call, which could reach any shared storage.
  struct SyncWrites {
    bool Known = false, Anything = false;
    llvm::DenseSet<const clang::VarDecl *> Vars;
    /// The constructs (critical, atomic) that write each variable, and
    /// those that may write anything (a call, a write through a pointer).
    llvm::DenseMap<const clang::VarDecl *, llvm::SmallPtrSet<const clang::Stmt *, 2>> Writers;
    llvm::SmallPtrSet<const clang::Stmt *, 4> WriteAnything;
    /// The constructs that write through a pointer, by the type written
    /// (canonical and unqualified; a character or structure type counts
    /// as anything).
    llvm::DenseMap<const clang::Type *, llvm::SmallPtrSet<const clang::Stmt *, 2>> ThroughPointer;
    /// Whether a pointer may reach each written variable (found on demand).
    llvm::DenseMap<const clang::VarDecl *, bool> PointerReachable;
  } SyncWritten;

  /// @p Text, code outlined from function @p F, with __func__, __FUNCTION__
  /// and __PRETTY_FUNCTION__ naming @p F there, as they do in the code it
  /// came from (assert's message, a program's own tracing).
  /// For code outlined from construct @p From, the function's pooled locals
  /// whose name stands for their storage (MacroAliased) do there too, except
  /// those @p From makes private.
  std::string asCodeOf(const clang::FunctionDecl *F, const std::string &Text,
                       const clang::OMPExecutableDirective *From = nullptr) const;
  /// Whether @p Loc is in local @p V's scope: after its declaration, in
  /// the block that holds it.
  bool inScopeOf(const clang::VarDecl *V, clang::SourceLocation Loc) const;
  /// Whether construct @p D makes @p V private (its scope).
  bool privatizes(const clang::OMPExecutableDirective *D, const clang::VarDecl *V) const;
  /// Text to insert before the function that holds @p Loc (outlined region
  /// bodies and their argument structs).
  void addBeforeFunction(clang::SourceLocation Loc, std::string Text);
  /// Emit what addBeforeFunction collected.
  void flushBeforeFunctions();
  /// Like addBeforeFunction, for what moves out of a function to file
  /// scope in its place (its local types, the pool pointers of its static
  /// locals, its block-scope prototypes), written at @p At: each may name
  /// one before it, so they go in the order of the source
  /// (addHeldBeforeFunctions, once hoistLocalTypes has held the last).
  void holdBeforeFunction(clang::SourceLocation Loc, clang::SourceLocation At, std::string Text);
  void addHeldBeforeFunctions();

private:
  /// Main-file lines before which no directive may go (textWithLines):
  /// inside a block comment, after a backslash-newline, or skipped.
  std::vector<bool> NoDirective;
  bool Failed = false;
  Stage Current = Stage::Start;
  /// File offsets of the ranges replaced so far.
  std::vector<std::pair<unsigned, unsigned>> Replaced;
  bool insideReplaced(clang::SourceLocation Loc, unsigned Length, bool Insert);
  unsigned NextId = 0;
  unsigned ErrorID, RemarkID;
  std::vector<std::pair<clang::SourceLocation, std::string>> Pending;
  struct HeldText {
    clang::SourceLocation Function, At;
    std::string Text;
  };
  std::vector<HeldText> Held;
  llvm::DenseSet<unsigned> Reported; ///< (location, message) hashes already reported
};

/// The statement a directive applies to (inside its captured statements).
const clang::Stmt *directiveBody(const clang::OMPExecutableDirective *D);
/// The directive's name as the user wrote it, e.g. "parallel for".
std::string directiveName(const clang::OMPExecutableDirective *D);
/// parade_type name for a scalar type, or empty if unsupported.
std::string runtimeTypeName(clang::QualType T, clang::ASTContext &Ctx);

} // namespace parade

#endif
