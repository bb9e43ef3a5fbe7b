// A metadirective whose user condition is known only at run time is
// refused at its pragma: Clang 19 chooses the variant as it parses and
// takes such a condition for false, so the block below ran serially with
// nothing said (OpenMP Examples' metadirective.4 with otherwise(nothing);
// found by a helper). Conditions the preprocessor can see are constant
// (literals, object-like macros, sizeof) and are accepted; the words in a
// comment are not a directive.
//
// RUN: not %translate %s -- 2>&1 | FileCheck %s --implicit-check-not=error:
#define BIG 1
#define TWICE(x) ((x) * 2)
#define OMP(x) _Pragma(#x)

int run(int n) {
  int t = 0;
  /* #pragma omp metadirective when(user={condition(n)}: parallel) */
#pragma omp metadirective when(user = {condition(BIG > 0 && sizeof(int) == 4)} : parallel) \
    otherwise(nothing)
  {
#pragma omp atomic
    t++;
  }
  // CHECK: metadirective-runtime-condition.c:[[@LINE+1]]:1: error: a metadirective whose user condition names a variable, a function or an enumerator ('n > 1000') is not supported by parade: Clang 19 chooses the variant as it compiles, and would take the condition for false whatever its value when the program runs
#pragma omp metadirective when(user = {condition(n > 1000)} : parallel) \
    otherwise(nothing)
  {
#pragma omp atomic
    t++;
  }
  // CHECK: metadirective-runtime-condition.c:[[@LINE+1]]:3: error: a metadirective whose user condition names a variable, a function or an enumerator ('TWICE ( n )')
  _Pragma("omp metadirective when(user={condition(TWICE(n))}: parallel for) otherwise(for)")
  for (int i = 0; i < n; i++)
    t += i;
  // A _Pragma a macro makes (its location is the macro's) with a constant.
  OMP(omp metadirective when(user = {condition(BIG)} : parallel for) otherwise(for))
  for (int i = 0; i < n; i++)
    t += i;
  return t;
}
