// __LINE__, __FILE__ and __func__ name the program's lines, file and
// functions wherever the translation moved or grew the code: inside
// parallel regions, loops, tasks and single blocks (outlined), after them,
// after a function that forks, after block comments, continued macros and
// skipped groups, in main (renamed by the translation), and in assert's
// message. Before, __LINE__ drifted by the lines the translation added,
// __FILE__ was the absolute path and __func__ in main was the wrapper's.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: source-lines: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define WHERE(tag)                                                                             \
  printf("%s %s:%d in %s\n", tag, strrchr("/" __FILE__, '/') + 1, __LINE__, __func__)

static int work(int n) {
  int sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < n; i++) {
    sum += i;
    if (i == 3)
      WHERE("loop body");
  }
  WHERE("after loop");
  return sum;
}

/* A block comment
   over lines, with #pragma omp parallel in it
*/
int after_comment(void) { return __LINE__; }

#if 0
#pragma omp parallel
  { skipped(); }
#endif
int after_skip = __LINE__;

int main(void) {
  int total = 0;
  WHERE("start");
#pragma omp parallel
  {
#pragma omp single
    {
      WHERE("single");
#pragma omp task shared(total)
      {
        total += 1;
        WHERE("task");
      }
    }
#pragma omp atomic
    total += 2;
  }
  WHERE("after region");
  int s = work(10);
  printf("line %d: %d %d %d %d\n", __LINE__, s, total > 0, after_comment(), after_skip);
#pragma omp parallel sections
  {
#pragma omp section
    WHERE("section");
  }
  WHERE("end");
  return 0;
}
