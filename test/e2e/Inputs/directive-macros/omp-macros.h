/* Directives spelled through macros of a header, as Graph500's
 * `#define OMP(x) _Pragma(x)` and the PRAGMA(x) idiom of many codes. */
#ifndef OMP_MACROS_H
#define OMP_MACROS_H
#if defined(_OPENMP)
#define OMP(x) _Pragma(x)
#define PRAGMA(x) _Pragma(#x)
#else
#define OMP(x)
#define PRAGMA(x)
#endif
#define PARALLEL_FOR(i, n) PRAGMA(omp parallel for) for (long i = 0; i < (n); i++)
#define PARALLEL_SUM(var) PRAGMA(omp parallel for reduction(+ : var))
#define PAR_LOOP(i, n, body) PRAGMA(omp parallel for) for (int i = 0; i < (n); i++) body
#define BARRIER _Pragma("omp barrier")
#endif
