// Invocations written out as their expansion (see directive-macros.c) at
// their edges, each of which a review found wrong:
// - an expansion that ends in a punctuator, followed at once by one
//   (`SUB_INTO(r, a)-b`): written without a space it became `a --b`;
// - a macro that names itself (`#define free(p) (free(p), __sync_fetch_and_add(&frees, 1))`): the
//   written-out text was expanded again, counting each free twice;
// - pragmas the preprocessor handles itself in the same invocation
//   (`GCC diagnostic`, `push_macro`/`pop_macro`): they were dropped;
// - `_Pragma("omp assume ...")` in a macro: written out, and Clang 19
//   does not parse it;
// - an invocation whose expansion ends in a function-like macro's name
//   that takes the parentheses after it (`PAR(CRIT_INC)(twice)`), which
//   is written out as one.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: macro-expansion-edges: all 5 configurations match gcc -fopenmp
// RUN: %translate %s -- | FileCheck %s --check-prefix=TEXT --implicit-check-not='#pragma omp {{assume}}'
// TEXT: #pragma GCC diagnostic push
// TEXT: #pragma GCC diagnostic ignored "-Wunused-variable"
// TEXT: #pragma GCC diagnostic pop
// TEXT: #pragma push_macro("WIDTH")
// TEXT: #pragma pop_macro("WIDTH")
#include <stdio.h>
#include <stdlib.h>

static int frees;
#define free(p) (free(p), __sync_fetch_and_add(&frees, 1))

#define SUB_INTO(r, a) _Pragma("omp atomic") r += a -
#define FREE_ALL(ps, n)                                                                            \
  _Pragma("omp parallel for") for (int k = 0; k < (n); k++) free(ps[k])
#define QUIET_SUM(n)                                                                            \
  _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wunused-variable\"")           \
      _Pragma("omp parallel for reduction(+ : q)") for (int k = 0; k < (n); k++) {                 \
    int unused;                                                                                    \
    q += k;                                                                                        \
  }                                                                                                \
  _Pragma("GCC diagnostic pop")
#define WIDTH 3
#define WIDE_SUM()                                                                                \
  _Pragma("push_macro(\"WIDTH\")") _Pragma("omp parallel for reduction(+ : w)") for (int k = 0;   \
                                                                                    k < WIDTH;     \
                                                                                    k++) w += k;   \
  _Pragma("pop_macro(\"WIDTH\")")
#define ASSUMING(n, body) _Pragma("omp assume holds(n > 0)") body
#define APPLY(f) f
#define TWICE(x) ((x) * 2)
#define CRIT_INC(x) _Pragma("omp critical") x++
#define PAR(f) _Pragma("omp parallel") f

int main(void) {
  long r = 0, q = 0, w = 0, t = 0;
  int b = 1;
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    SUB_INTO(r, i)-b; // r += i - -b
  enum { N = 40 };
  int *ps[N];
  for (int i = 0; i < N; i++)
    ps[i] = malloc(sizeof(int));
  FREE_ALL(ps, N);
  QUIET_SUM(50);
  WIDE_SUM();
  ASSUMING(N, {
    for (int i = 0; i < N; i++)
      t += i;
  })
  long twice = APPLY(TWICE)(21);
  PAR(CRIT_INC)(twice);
  printf("r %ld frees %d q %ld w %ld t %ld twice>=43 %d line %d\n", r, frees, q, w, t, twice >= 43,
         __LINE__);
  return 0;
}
