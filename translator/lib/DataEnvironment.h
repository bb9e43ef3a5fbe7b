//===- DataEnvironment.h - A construct's private copies --------*- C++ -*-===//
//
// The declarations that give a construct its private, firstprivate,
// lastprivate and reduction copies, and the statements that finish them:
//
//   #pragma omp for             Before:  int *parade_lp_3 = &x; double
//     lastprivate(x)                     *parade_ro_4 = &s;
//     reduction(+:s)            Decls:   int x; double s = 0;
//                               Finish:  if (parade_last) *parade_lp_3 = x;
//                               reductions(): one merged parade_allreduce,
//                               then thread 0 combines into *parade_ro_4
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_DATAENVIRONMENT_H
#define PARADE_TRANSLATOR_DATAENVIRONMENT_H

#include "ArgBlock.h"
#include "DataSharing.h"

#include <string>
#include <vector>

namespace parade {

/// Declarations that give a construct its private copies, and the
/// statements that finish them (reductions, lastprivate). @p Orig spells
/// the original variable outside the construct.
struct Privates {
  std::string Before; ///< outer block: pointers to and copies of originals
  std::string Decls;  ///< inner block: the private variables
  std::string Finish; ///< after the work, still in the inner block
  /// After Decls, before the work, where every thread of the team runs it:
  /// a barrier when a variable is both firstprivate and lastprivate, so
  /// that no thread reads the original after the last iteration's thread
  /// has written it (gcc places the same barrier).
  std::string EntryBarrier;
  std::string ReduceCopies; ///< copies of the partials for the runtime
  std::vector<std::string> ReduceVars;
  std::vector<std::string> ReduceFinish;
  /// For each of ReduceVars, the pointer to its original's elements that
  /// the runtime may combine the total into element by element (a region's
  /// reduction at its join), or empty where only ReduceFinish's combine
  /// is right (a complex product, a scan).
  std::vector<std::string> ReduceTargets;
  unsigned ReduceBytes = 0;
  /// User-defined reductions: the private copy, its combiner (a function
  /// placed before the enclosing function) and the pointer to the original.
  struct UserReduction {
    std::string Name, Combiner, Orig;
  };
  std::vector<UserReduction> UserReductions;
};

/// An outlined body declares its variably modified variables with the
/// lengths they have (Translation::withExtents), not their bounds'
/// current values: each length travels in @p A, computed at the fork from
/// the variable as spelled there (outside @p Except), and CV.DeclaredTypes
/// gets the types to declare them with.
void passExtents(Translation &T, ArgBlock &A, ConstructVars &CV,
                 const clang::OMPExecutableDirective *D,
                 const clang::OMPExecutableDirective *Except);

/// The private copies of @p D's variables (all but @p SkipVar). In an
/// outlined region (@p ForRegion) firstprivates come from the argument
/// block parade_args.
Privates privates(Translation &T, const clang::OMPExecutableDirective *D, const ConstructVars &CV,
                  const clang::VarDecl *SkipVar, bool ForRegion);

/// A statement that zeroes private copy @p Name: one that is copied out
/// where gcc cannot prove it assigned (a lastprivate that only some
/// iterations set), whose -Wmaybe-uninitialized stops -Wall -Werror
/// builds. A private copy's first value is unspecified; zero is one.
std::string zeroed(const std::string &Name);

/// The code that combines @p D's reductions: a merged allreduce, the
/// distributed lock (-fparade-sync=lock), or (@p Serialized) in place.
std::string reductions(Translation &T, const clang::OMPExecutableDirective *D, const Privates &P,
                       bool Serialized, bool AtJoin = false);

} // namespace parade

#endif
