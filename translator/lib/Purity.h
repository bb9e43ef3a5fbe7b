//===- Purity.h - What a call to an unseen function can do ------*- C++ -*-===//
//
// One policy for every pass that must know what a call does without the
// callee's body. A call is in one of three classes:
//
// - Pure: it reads and writes no memory of the program (setting errno or
//   raising a floating-point exception aside) and runs none of its code.
//   Clang's builtin table says which builtins are: the math library
//   (sqrt, fabs, pow, ...), abs, __builtin_expect, __builtin_huge_val...
//   A function declared __attribute__((const)) promises the same.
//
// - ThroughArguments: a C library function that reads and writes memory
//   only through its pointer arguments (and the library's own state, such
//   as a FILE), keeps none of those pointers once it returns and runs none
//   of the program's code: memcpy, memset, strcpy, printf, scanf, ... The
//   pointer it may return points into an argument.
//
// - Unknown: everything else, including any function of the program, a
//   call through a function pointer and a library function missing from
//   the table (strtok keeps its argument, qsort calls back, strtol stores
//   a pointer into its argument). It may write anything, keep any pointer
//   it was given, and start a parallel region.
//
//   #pragma omp critical          fabs: Pure, the block can be a collective
//   s += fabs(x);
//
//   #pragma omp for               memcpy: ThroughArguments, so g (whose
//   for (...) { memcpy(p, ..);    address escaped) may change in the loop
//     t += g; }                   and is not read once before it
//
//   double acc; work(&acc);       work: Unknown, so acc may reach a region
//   memset(&acc, 0, 8);           memset: ThroughArguments, acc stays put
//
// Only functions declared by system headers (or Clang itself) qualify for
// the first two classes by name: a program's own memcpy is Unknown.
//===----------------------------------------------------------------------===//
#ifndef PARADE_TRANSLATOR_PURITY_H
#define PARADE_TRANSLATOR_PURITY_H

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

namespace parade {

enum class CallEffect { Pure, ThroughArguments, Unknown };

/// @brief What calling @p F can do; null (a call through a pointer) is
/// Unknown.
CallEffect callEffect(const clang::FunctionDecl *F);
/// @brief What call @p C can do.
inline CallEffect callEffect(const clang::CallExpr *C) { return callEffect(C->getDirectCallee()); }

/// @brief Whether call @p C may start a parallel region other than through
/// a function defined in this translation unit (whose body the caller
/// judges itself): true for a call through a pointer, for a function of
/// the program defined elsewhere and for a library function given a
/// function pointer (qsort's comparator); false for the OpenMP API and the
/// rest of the C library.
bool mayForkOutsideUnit(const clang::CallExpr *C);

} // namespace parade

#endif
