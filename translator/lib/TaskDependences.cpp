//===- TaskDependences.cpp - depend clauses and depobj ------------------===//
#include "TaskDependences.h"

#include "AstUtil.h"

#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace parade {

namespace {

/// The runtime's name of a dependence type; empty for the doacross kinds
/// (source, sink), which are not task dependences.
std::string kindName(OpenMPDependClauseKind K) {
  switch (K) {
  case OMPC_DEPEND_in: return "PARADE_DEP_IN";
  case OMPC_DEPEND_out:
  case OMPC_DEPEND_inout: return "PARADE_DEP_OUT";
  case OMPC_DEPEND_mutexinoutset: return "PARADE_DEP_MUTEXINOUTSET";
  case OMPC_DEPEND_inoutset: return "PARADE_DEP_INOUTSET";
  case OMPC_DEPEND_outallmemory:
  case OMPC_DEPEND_inoutallmemory: return "PARADE_DEP_ALL_MEMORY";
  default: return "";
  }
}

/// The element an item starts with: a section's first element, each
/// dimension at its lower bound (0 when it has none).
std::string firstElement(ConstructContext &C, const OMPExecutableDirective *D, const Expr *E) {
  const Expr *Bare = E->IgnoreParenImpCasts();
  if (const auto *S = dyn_cast<ArraySectionExpr>(Bare))
    return "(" + firstElement(C, D, S->getBase()) + ")[" +
           (S->getLowerBound() ? C.clauseText(D, S->getLowerBound()) : std::string("0")) + "]";
  return C.clauseText(D, E);
}

/// The address an item names.
std::string itemAddress(ConstructContext &C, const OMPExecutableDirective *D, const Expr *E) {
  const Expr *Bare = E->IgnoreParenImpCasts();
  if (const auto *Shaped = dyn_cast<OMPArrayShapingExpr>(Bare))
    return "(const void *)" + C.clauseText(D, Shaped->getBase());
  return "(const void *)&" + firstElement(C, D, E);
}

/// Loops over an iterator modifier's values around @p Body.
std::string iterate(ConstructContext &C, const OMPExecutableDirective *D, const OMPIteratorExpr *It,
                    std::string Body) {
  for (unsigned I = It->numOfIterators(); I-- > 0;) {
    const auto *V = cast<VarDecl>(It->getIteratorDecl(I));
    OMPIteratorExpr::IteratorRange R = It->getIteratorRange(I);
    std::string Name = V->getName().str();
    std::string Step = R.Step ? C.clauseText(D, R.Step) : "1";
    std::string End = C.clauseText(D, R.End);
    Body = "for (" + C.T.declare(V->getType(), Name) + " = " + C.clauseText(D, R.Begin) + "; " +
           Step + " > 0 ? " + Name + " < " + End + " : " + Name + " > " + End + "; " + Name +
           " += " + Step + ") { " + Body + "} ";
  }
  return "{ " + Body + "} ";
}

} // namespace

std::string dependWait(ConstructContext &C, const OMPExecutableDirective *D) {
  std::string Deps = dependItems(C, D);
  return Deps.empty() ? "" : Deps + "parade_taskwait_depend(0); ";
}

std::string dependItems(ConstructContext &C, const OMPExecutableDirective *D) {
  std::string Out;
  for (const auto *Dep : D->getClausesOfKind<OMPDependClause>()) {
    OpenMPDependClauseKind K = Dep->getDependencyKind();
    std::string Items;
    if (K == OMPC_DEPEND_outallmemory || K == OMPC_DEPEND_inoutallmemory)
      Items += "parade_task_depend((const void *)0, PARADE_DEP_ALL_MEMORY); ";
    for (const Expr *E : Dep->varlists()) {
      if (K == OMPC_DEPEND_depobj) {
        Items += "parade_task_depend_obj(&" + C.clauseText(D, E) + "); ";
        continue;
      }
      std::string Kind = kindName(K);
      if (Kind.empty())
        break;
      if (Kind == "PARADE_DEP_ALL_MEMORY")
        Kind = "PARADE_DEP_OUT"; // other items beside omp_all_memory
      Items += "parade_task_depend(" + itemAddress(C, D, E) + ", " + Kind + "); ";
    }
    if (const auto *It = dyn_cast_or_null<OMPIteratorExpr>(Dep->getModifier()))
      Items = iterate(C, D, It, Items);
    Out += Items;
  }
  return Out;
}

std::string depobj(ConstructContext &C, const OMPExecutableDirective *D) {
  const auto *Obj = clause<OMPDepobjClause>(D);
  if (!Obj) {
    C.T.error(D->getBeginLoc(), "depobj without its object");
    return "";
  }
  std::string O = "(void *)&" + C.clauseText(D, Obj->getDepobj());
  if (const auto *Dep = clause<OMPDependClause>(D)) {
    std::string Kind = kindName(Dep->getDependencyKind());
    if (Kind == "PARADE_DEP_ALL_MEMORY")
      return "parade_depobj_init(" + O + ", (const void *)0, " + Kind + ");";
    if (Kind.empty() || Dep->varlist_size() != 1) {
      C.T.error(Dep->getBeginLoc(), "depobj takes one in, out, inout, mutexinoutset or "
                                    "inoutset item");
      return "";
    }
    return "parade_depobj_init(" + O + ", " + itemAddress(C, D, *Dep->varlist_begin()) + ", " +
           Kind + ");";
  }
  if (const auto *U = clause<OMPUpdateClause>(D)) {
    std::string Kind = kindName(U->getDependencyKind());
    if (Kind.empty() || Kind == "PARADE_DEP_ALL_MEMORY") {
      C.T.error(U->getBeginLoc(), "depobj update takes in, out, inout, mutexinoutset or inoutset");
      return "";
    }
    return "parade_depobj_update(" + O + ", " + Kind + ");";
  }
  if (clause<OMPDestroyClause>(D))
    return "parade_depobj_destroy(" + O + ");";
  C.T.error(D->getBeginLoc(), "depobj needs a depend, update or destroy clause");
  return "";
}

} // namespace parade
