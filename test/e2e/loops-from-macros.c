// A loop directive whose loop comes from a macro of the file: the whole
// header (`FOR_ALL(i, n)`), only the increment (`NEXT(i)`), or the header
// and the braces in two macros around the body (Parboil and SPEC lbm's
// `SWEEP_START(...) ... SWEEP_END`). Each was refused ("cannot translate
// an expression that spans macro boundaries"), which blocked Parboil's
// lbm. The bounds are now printed from the AST, and the body is the text
// between the two macros. Found by a helper acting as a new user.
// Where the closing macro writes a statement too (`b[i] += a[i]; }`),
// the text between them is not the body: the loop was refused ("cannot
// translate this statement"). Both invocations are now written out as
// their expansions and the file translated again (MacroExpansion.h).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: loops-from-macros: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define N 1000
#define SIZE_X 10
#define CALC_INDEX(x, y) ((x) + (y) * SIZE_X)
#define FOR_ALL(i, n) for (i = 0; i < (n); i++)
#define NEXT(i) i += 2
#define SWEEP_START(y1, y2) for (i = CALC_INDEX(0, y1); i < CALC_INDEX(0, y2); i++) {
#define SWEEP_END }
#define SWEEP_X (i % SIZE_X)
#define SWEEP_END_ADDING b[i] += a[i]; }

double a[N], b[N];

int main(void) {
  int i;
  long s1 = 0;
  double s2 = 0, s3 = 0;
#pragma omp parallel for
  FOR_ALL(i, N)
  a[i] = i * 0.5;
#pragma omp parallel for reduction(+ : s1)
  for (i = 0; i < N; NEXT(i))
    s1 += i;
#pragma omp parallel for reduction(+ : s2)
  SWEEP_START(1, 90)
    b[i] = a[i] * 2 + SWEEP_X;
    s2 += b[i];
  SWEEP_END
  for (i = 0; i < N; i++)
    s3 += b[i];
#pragma omp parallel for
  SWEEP_START(0, 100)
    a[i] = i;
  SWEEP_END_ADDING
  printf("s1 %ld s2 %.1f s3 %.1f b %.1f %.1f, line %d\n", s1, s2, s3, b[5], b[999], __LINE__);
  return 0;
}
