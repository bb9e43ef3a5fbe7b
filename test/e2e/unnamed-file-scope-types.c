// A global of an unnamed struct, union or enum type (`struct { int t; }
// thr;`) named in copyin, firstprivate or private: the copy's type was
// spelled as Clang prints it, "struct (unnamed struct at ...)", and the
// translation did not compile (libgomp's copyin-2.c). Such a type now
// gets a name of its own at file scope. Found by a helper.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: unnamed-file-scope-types: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

struct {
  int t;
} thr = {32};
#pragma omp threadprivate(thr)
struct {
  int a, b;
} g = {1, 2};
static union {
  double d;
  long l;
} un = {.d = 2.5};
enum { SLOW, FAST } mode = FAST;
static struct {
  double v;
} sv[4];

int main(void) {
  int s = 0;
#pragma omp parallel copyin(thr) reduction(+ : s)
  s += thr.t == 32;
  printf("copyin ok %d\n", s == omp_get_max_threads());
  int u = 0, wrong = 0;
#pragma omp parallel firstprivate(g, un, mode) reduction(+ : u, wrong)
  {
    g.a += 1;
    un.d += 1.0;
    u += g.a + g.b;
    wrong += un.d != 3.5 || mode != FAST;
    mode = SLOW;
  }
#pragma omp parallel private(g)
  {
    g.a = omp_get_thread_num();
    g.b = -1;
  }
#pragma omp parallel for
  for (int i = 0; i < 4; i++)
    sv[i].v = i * 0.5;
  printf("per thread %d wrong %d g %d %d un %g mode %d sv %g\n", u / omp_get_max_threads(),
         wrong, g.a, g.b, un.d, mode, sv[3].v);
  return 0;
}
