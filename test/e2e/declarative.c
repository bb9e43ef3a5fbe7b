// Declarative and utility directives keep their host meaning: declare
// target (and end declare target), declare simd, requires, assumes,
// nothing, and a metadirective whose chosen variant is a parallel loop
// (Clang puts the variant in its place: its translation must replace the
// whole pragma line, or the loop would silently not run) or, by its
// default, a work-sharing loop (on a continued pragma line). The
// `assume` directive, which Clang 19 does not parse ("expected an OpenMP
// directive"), on a block with a region and, continued, on a statement.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: declarative: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#pragma omp requires atomic_default_mem_order(seq_cst)

#pragma omp declare target
int twice(int x) { return 2 * x; }
#pragma omp end declare target

#pragma omp declare simd uniform(s) linear(i : 1)
float scale(const float *a, int i, float s) { return a[i] * s; }

#pragma omp assumes no_openmp_routines

int arr[64], other[64];

int main(void) {
  int s = 0, t = 0;
  float f[8] = {1, 2, 3, 4, 5, 6, 7, 8};
#pragma omp nothing
#pragma omp metadirective when(user = {condition(1)} : parallel for) default(for)
  for (int i = 0; i < 64; i++)
    arr[i] = twice(i) + 1;
#pragma omp parallel
  {
#pragma omp metadirective when(user = {condition(0)} : single) \
    default(for)
    for (int i = 0; i < 64; i++)
      other[i] = arr[i] * 3;
  }
#pragma omp assume holds(s == 0) no_openmp_routines
  {
#pragma omp parallel for reduction(+ : s, t)
    for (int i = 0; i < 64; i++) {
      s += arr[i];
      t += other[i];
    }
  }
#pragma omp assume \
    holds(t > 0)
  t++;
  // A construct whose body is a metadirective (the 5.2 Examples'
  // metadirective.1): its text starts at the pragma line, not at the
  // chosen variant inside it (the copy began mid-line and did not compile).
  double h[64], hs = 0;
  int hn = 64;
#pragma omp target map(tofrom : h[0 : hn])
#pragma omp metadirective when(device = {arch("nvptx")} : teams loop) default(parallel loop)
  for (int i = 0; i < hn; i++)
    h[i] = i * 0.5;
  for (int i = 0; i < hn; i++)
    hs += h[i];
  float g = 0;
  for (int i = 0; i < 8; i++)
    g += scale(f, i, 0.5f);
  printf("s %d t %d g %.1f h %.1f line %d\n", s, t, g, hs, __LINE__);
  return 0;
}
