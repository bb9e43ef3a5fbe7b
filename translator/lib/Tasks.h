//===- Tasks.h - Explicit tasks and taskloops -------------------*- C++ -*-===//
//
// A task's body moves to a function of its own; the task becomes a call
// that queues it (or runs it, undeferred) with an argument block of the
// values it captures and pointers to the pooled variables it shares:
//
//   #pragma omp task firstprivate(i)    struct parade_targs_2 { int i; };
//   a[i] = f(i);                  ==>   static void parade_task_2(void *) {...}
//                                       ... parade_task(parade_task_2,
//                                         &parade_ta, sizeof parade_ta, 0); }
//
// A task that holds a parallel region, names a variable-length array or
// shares a variable without storage of its own runs at once, in place.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_TASKS_H
#define PARADE_TRANSLATOR_TASKS_H

#include "ConstructContext.h"
#include "DataSharing.h"

namespace parade {

std::string task(ConstructContext &C, const clang::OMPExecutableDirective *D);

/// The reduction (in_reduction) variables of @p D, a task that runs in
/// place on the encountering thread (undeferred, or a target task on the
/// host): pointers to where each combines (Before, the outer block), the
/// private copies at the identity (Decls) and their combine under the
/// node's task reduction lock (Finish). @p Except: the construct whose
/// copies the originals are not.
struct InPlaceReductions {
  std::string Before, Decls, Finish;
};
InPlaceReductions inPlaceReductions(Translation &T, const clang::OMPExecutableDirective *D,
                                    const ConstructVars &CV,
                                    const clang::OMPExecutableDirective *Except);

/// A taskloop: the encountering thread splits the iterations into tasks
/// (grainsize, num_tasks) inside a taskgroup unless nogroup; a task that
/// ends holding reduction partials combines them into the originals.
/// @p InRegionTail: the taskloop part of `parallel master taskloop`.
std::string taskloop(ConstructContext &C, const clang::OMPExecutableDirective *D,
                     bool InRegionTail);

} // namespace parade

#endif
