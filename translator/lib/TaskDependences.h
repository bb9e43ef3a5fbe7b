//===- TaskDependences.h - depend clauses and depobj -----------*- C++ -*-===//
//
// A depend clause becomes calls that give the runtime its items, each an
// address and a dependence type, just before the task (or taskwait) that
// takes them:
//
//   #pragma omp task depend(in : a[i]) depend(out : b[0:n])
//     ==>  parade_task_depend(&(a[i]), PARADE_DEP_IN);
//          parade_task_depend(&((b)[0]), PARADE_DEP_OUT); parade_task(...);
//
// An array section names its first element, as OpenMP asks of sibling
// tasks (their sections are the same or disjoint); an iterator modifier
// becomes loops around the calls; depend(depobj: o) reads the object.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_TASKDEPENDENCES_H
#define PARADE_TRANSLATOR_TASKDEPENDENCES_H

#include "ConstructContext.h"

namespace parade {

/// The calls that give the runtime @p D's depend items, in clause order;
/// empty when it has none.
std::string dependItems(ConstructContext &C, const clang::OMPExecutableDirective *D);
/// @p D's depend items and a wait for the sibling tasks they depend on, as
/// for a task that runs at once (a target, dispatch, interop); empty when
/// it has none.
std::string dependWait(ConstructContext &C, const clang::OMPExecutableDirective *D);

/// `#pragma omp depobj(o) depend(...) | update(...) | destroy`.
std::string depobj(ConstructContext &C, const clang::OMPExecutableDirective *D);

} // namespace parade

#endif
