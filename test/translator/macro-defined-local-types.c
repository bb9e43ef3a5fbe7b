// A local whose type a macro defines in the function (`DEF_STRUCT p;`,
// `VEC(int) w;`) and that a directive names: the outlined code at file
// scope needs the type, which parade cannot move out of a macro's
// expansion. The translation failed to compile ("field 'p' has
// incomplete type", at a line the source does not have); now it is an
// error at the variable. A local of such a type that no directive names
// is fine. (Found by a sweep of OpenMP Examples style programs.)
//
// RUN: not %translate %s -- 2>&1 | FileCheck %s --implicit-check-not='error:'
#define DEF_STRUCT struct pt { int x, y; }
#define VEC(T) struct { T x, y; }

long named(void) {
// CHECK: macro-defined-local-types.c:[[@LINE+1]]:14: error: the type of 'p' is defined by a macro in this function, and a directive names 'p'
  DEF_STRUCT p = {1, 2};
  long s = 0;
#pragma omp parallel for reduction(+ : s) firstprivate(p)
  for (int i = 0; i < 100; i++)
    s += p.x + p.y;
  return s;
}

double unnamed(void) {
// CHECK: macro-defined-local-types.c:[[@LINE+1]]:12: error: the type of 'w' is defined by a macro in this function, and a directive names 'w'
  VEC(int) w = {3, 4};
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < 100; i++)
    s += w.x;
  return s;
}

int unused_in_regions(void) {
  VEC(long) q = {5, 6};
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  return n + (int)q.y;
}
