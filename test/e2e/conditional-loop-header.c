// A directive's statement may begin in one branch of an #if group that
// ends inside the statement: PARSEC blackscholes writes its loop header
// twice, `#pragma omp parallel for` and `for (...) {` under #ifdef
// ENABLE_OPENMP, the serial header under #else, and the body after #endif.
// The translation copies the statement into outlined code, and the group's
// #else and #endif went with it, apart from its #ifdef: the translated
// file had unbalanced conditionals and did not compile ("#else without
// #if"). Such a group is resolved: the branch the preprocessor took stays,
// the other goes, with the group's lines. Here also a group that begins
// between the directive and its loop, and one around a region's brace.
// (Found by a helper's sweep of benchmark-suite programs.)
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: conditional-loop-header: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define ENABLE_OPENMP 1
#define N 1000

static float prices[N];

static double price_all(int start, int end) {
  double sum = 0;
  int i;
#ifdef ENABLE_OPENMP
#pragma omp parallel for reduction(+ : sum)
  for (i = 0; i < N; i++) {
#else
  for (i = start; i < end; i++) {
    no_such_function(i);
#endif
    prices[i] = i * 0.5f;
    sum += prices[i];
  }
  return sum;
}

static long scaled(void) {
  long total = 0;
#pragma omp parallel for reduction(+ : total)
#if defined(ENABLE_OPENMP)
  for (int i = 0; i < N; i++) {
#elif defined(NEVER)
  for (int i = 0; i < N / 2; i++) {
#else
  for (int i = 0; i < 1; i++) {
#endif
    total += (long)prices[i] * 3;
  }
  return total;
}

static int team(void) {
  int threads = 0;
#ifdef ENABLE_OPENMP
#pragma omp parallel reduction(+ : threads)
  {
#else
  {
    undeclared = 1;
#endif
    threads += 1;
  }
  return threads > 0;
}

int main(void) {
  double sum = price_all(0, N);
  printf("sum %.1f scaled %ld team %d\n", sum, scaled(), team());
  return 0;
}
