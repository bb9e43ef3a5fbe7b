//===- DataSharing.h - How constructs share the variables they name -----===//
//
// Reads the data-sharing clauses of a directive and classifies every
// variable it names that is declared outside it:
//
//   int n = 8, s = 0, t;                 n: shared, never written -> by value
//   #pragma omp parallel private(t) \    s: reduction (+)
//           reduction(+:s)                t: private
//   { t = n; s += t; }
//
// A shared variable is passed by value when the construct never writes it
// or takes its address and it is a scalar; otherwise it must live in the
// DSM pool.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_DATASHARING_H
#define PARADE_TRANSLATOR_DATASHARING_H

#include "Context.h"
#include "Reductions.h"

#include <optional>

namespace parade {

struct ConstructVars {
  /// Every variable named in the body and declared outside it, in order of
  /// first appearance, with its sharing.
  std::vector<std::pair<const clang::VarDecl *, Sharing>> Vars;
  std::vector<ReductionItem> Reductions;
  std::vector<const clang::VarDecl *> CopyIn;
  std::vector<const clang::VarDecl *> CopyPrivate;
  /// Shared variables the body writes or whose address it takes.
  llvm::DenseSet<const clang::VarDecl *> Written;
  /// Named both firstprivate and lastprivate: classified LastPrivate, and
  /// the private copy starts from the original.
  llvm::DenseSet<const clang::VarDecl *> FirstAndLast;
  /// lastprivate(conditional: x): the original gets the value of the last
  /// iteration that assigns x, if any does.
  llvm::DenseSet<const clang::VarDecl *> Conditional;
  /// Where an outlined body declares a variably modified variable (or its
  /// private copy), the type to declare it with: its lengths as the
  /// variable has them (Translation::withExtents), not its bounds' names.
  llvm::DenseMap<const clang::VarDecl *, clang::QualType> DeclaredTypes;
  clang::QualType declaredType(const clang::VarDecl *V) const {
    auto It = DeclaredTypes.find(V);
    return It != DeclaredTypes.end() ? It->second : V->getType();
  }
};

/// Classify the variables of @p D. Reports unsupported clauses.
ConstructVars analyzeConstruct(Translation &T, const clang::OMPExecutableDirective *D);

/// A task's data sharing: Clang's (explicit clauses and its implicit
/// firstprivates), except that a variable private to the encountering
/// thread (declared in, or privatized by, the enclosing region) is captured
/// by value unless a clause or default(shared) makes it shared. @p Region
/// is the extent of the enclosing parallel region in this function, if any.
void adjustTaskSharing(Translation &T, const clang::OMPExecutableDirective *D, ConstructVars &CV,
                       const clang::SourceRange *Region);

/// The variables a `target` (or `target simd`) that holds a parallel
/// region, and runs in serial code here (@p InRegion false), leaves as its
/// originals rather than copy: the target runs in place, so its private
/// copies would be on the encountering thread's stack, where the region's
/// threads on other nodes cannot reach them (a write there did not
/// compile). A local the target makes private or firstprivate is saved
/// before it and restored after it instead, and the target works on the
/// original (which the region may share through the pool); nothing else
/// runs meanwhile, and each call has its own locals. Empty when the
/// target holds no parallel region or runs inside one (the held region is
/// then serialized, and the copies reachable). Marks them shared in
/// @p CV.
std::vector<const clang::VarDecl *> shareTargetSavedPrivates(const clang::OMPExecutableDirective *D,
                                                             ConstructVars &CV, bool InRegion);

/// Local variables whose address is taken (or that decay to a pointer)
/// anywhere in @p Body, in order of first appearance.
std::vector<const clang::VarDecl *> addressTakenLocals(const clang::Stmt *Body);

/// The operator of a reduction clause ("+", "min", ...), or empty when
/// parade does not support it (a user-defined reduction).
std::string reductionOperator(const clang::OMPReductionClause *C);

} // namespace parade

#endif
