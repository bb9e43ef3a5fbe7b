// Clause expressions are the program's: in a combined construct Sema
// evaluates a chunk, grainsize or num_tasks through a helper variable
// whose source text is one token (`schedule(static, n/4)` became `(/)`,
// a compile error), and a pooled local named in num_threads, if,
// grainsize or num_teams was left unspelled ("'n' undeclared"). Found by
// a review helper acting as a new user; every construct below failed to
// compile before.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: clause-expressions: all 5 configurations match gcc -fopenmp
#include <stdio.h>
int G = 40;
int f(int x) { return x / 10; }
int main(void){
  int n = 4, cnt = 0, s = 0, m = 100;
  #pragma omp parallel
  {
    #pragma omp single
    n = 2;
  }
  #pragma omp parallel num_threads(n) if(n > 1)
  {
    #pragma omp atomic
    cnt++;
  }
#pragma omp parallel for schedule(static, m/4) reduction(+:s)
  for (int i = 0; i < m; i++) s += i;
#pragma omp parallel for schedule(dynamic, G/2+1) reduction(+:s) num_threads(n+1)
  for (int i = 0; i < m; i++) s += i;
#pragma omp parallel for schedule(guided, f(m)) reduction(+:s)
  for (int i = 0; i < m; i++) s += i;
#pragma omp parallel for schedule(dynamic, n) reduction(+:s)
  for (int i = 0; i < m; i++) s += i;
#pragma omp parallel master taskloop grainsize(m/10) reduction(+:s)
  for (int i = 0; i < m; i++) s += i;
#pragma omp parallel master taskloop num_tasks(n*2) reduction(+:s)
  for (int i = 0; i < m; i++) s += i;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task if(n > 1) shared(s)
    {
#pragma omp atomic
      s += 1;
    }
#pragma omp taskloop grainsize(n) reduction(+:s)
    for (int i = 0; i < m; i++) s += i;
  }
#pragma omp target teams distribute parallel for dist_schedule(static, m/4) reduction(+:s) num_teams(n) thread_limit(n)
  for (int i = 0; i < m; i++) s += i;
  printf("n=%d cnt=%d s=%d\n", n, cnt, s);
}
