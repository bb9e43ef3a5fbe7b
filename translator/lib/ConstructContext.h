//===- ConstructContext.h - What a construct's translation may ask -*- C++ -*-===//
//
// The translation of one directive sees its function and that function's
// parallel regions, and copies source text:
//
//   void f(void) {                       Function: f
//   #pragma omp parallel                 Regions: the parallel directive
//     {                                  enclosingRegion(for): it
//   #pragma omp for                      bodyText(for): `for (...) a[i] = i;`
//       for (...) a[i] = i; } }          as rewritten so far
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_CONSTRUCTCONTEXT_H
#define PARADE_TRANSLATOR_CONSTRUCTCONTEXT_H

#include "Context.h"

#include <optional>
#include <vector>

namespace parade {

struct ConstructContext {
  Translation &T;
  const clang::FunctionDecl *Function = nullptr;
  /// The function's parallel directives, outermost first.
  std::vector<const clang::OMPExecutableDirective *> Regions;

  explicit ConstructContext(Translation &T) : T(T) {}

  /// Start on function @p F: collect its parallel directives.
  void enterFunction(const clang::FunctionDecl *F);

  /// Whether @p D is inside another parallel region of this function.
  bool nestedInRegion(const clang::OMPExecutableDirective *D) const;
  /// The enclosing parallel region of @p D in this function, if any.
  const clang::OMPExecutableDirective *
  enclosingRegion(const clang::OMPExecutableDirective *D) const;
  /// Whether @p D is the last statement of its enclosing parallel region's
  /// body, so that the region's join follows it at once, in a region
  /// without a reduction clause of its own (the join carries one
  /// reduction).
  bool endsRegion(const clang::OMPExecutableDirective *D) const;
  /// The extent of @p D's enclosing region, if it has one here.
  std::optional<clang::SourceRange> regionExtent(const clang::OMPExecutableDirective *D) const;

  /// A prototype of the enclosing function, for outlined bodies placed
  /// before it that call it (a recursive task, or a region in a recursive
  /// function).
  std::string enclosingPrototype() const;

  /// Source text (as rewritten so far) of @p D's body, of a statement, and
  /// of an expression in parentheses.
  std::string bodyText(const clang::OMPExecutableDirective *D) const;
  std::string stmtText(const clang::Stmt *S) const;
  std::string exprText(const clang::Expr *E) const;
  /// The text of a clause's expression @p E at the construct @p D: the
  /// passes that rename variables in bodies leave clauses to their
  /// directive, so each variable it names is spelled here as it is where
  /// the construct is (a pooled local through its pointer).
  std::string clauseText(const clang::OMPExecutableDirective *D, const clang::Expr *E) const;
};

} // namespace parade

#endif
