// A directive can be the whole body of a loop, an if or another directive;
// its translation must replace exactly that statement (the end of a
// directive is the end of the statement it applies to, not of its line).
//
// RUN: %translate %s -- > %t.c
// RUN: gcc -fsyntax-only -Wall -Werror=implicit-function-declaration -I%S/../../include %t.c
// RUN: grep -v "^//" %t.c | FileCheck %s
// CHECK-LABEL: int parade_user_main(void) {
// CHECK-NOT: last = i + offset;
// CHECK: return (*parade_s_last
int main(void) {
  int i, last = 0, offset = 7, hits = 0;
#pragma omp parallel for lastprivate(i, last) firstprivate(offset)
  for (i = 0; i < 100; i++)
#pragma omp task
    last = i + offset;
#pragma omp parallel
  for (int k = 0; k < 4; k++)
    if (k % 2)
#pragma omp critical
      hits++;
    else
#pragma omp atomic
      hits += 2;
#pragma omp parallel
#pragma omp parallel
  hits--;
  return last + hits;
}
