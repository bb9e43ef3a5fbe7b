// A task that shares a variable an enclosing construct makes private
// reaches the encountering thread's copy (OpenMP's rule), not the
// original: by a shared clause, by default(shared) when it writes it, from
// a task nested in such a task, in a taskloop, and the partial of a loop's
// reduction. Each thread checks its own copy after taskwait; the sums do
// not depend on the thread count. (It was refused; before that it failed
// to compile.)
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: task-shares-private: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

int g = -1;

int main(void) {
  int x = -1, y = -1, cnt = -1, errors = 0;
  long total = 0, s = 0;
#pragma omp parallel private(x, cnt, g) reduction(+ : errors, total)
  {
    int me = omp_get_thread_num();
    x = me * 10;
#pragma omp task shared(x)
    x += 7;
#pragma omp taskwait
    errors += x != me * 10 + 7;
#pragma omp task default(shared)
    {
      x *= 2;
#pragma omp task shared(x)
      x += 1;
#pragma omp taskwait
    }
#pragma omp taskwait
    errors += x != (me * 10 + 7) * 2 + 1;
    cnt = 0;
#pragma omp taskloop shared(cnt) grainsize(3)
    for (int i = 0; i < 40; i++) {
#pragma omp atomic
      cnt += i;
    }
    errors += cnt != 780;
    g = me;
#pragma omp task shared(g)
    g += 100;
#pragma omp taskwait
    errors += g != me + 100;
    total += x - 20 * me + cnt + g - me;
  }
#pragma omp parallel for firstprivate(y) reduction(+ : s, errors)
  for (int i = 0; i < 50; i++) {
    y = i;
#pragma omp task shared(y, s)
    {
      y += 1000;
      s += i;
    }
#pragma omp taskwait
    errors += y != i + 1000;
  }
  printf("errors %d total-per-thread %ld s %ld x %d y %d g %d\n", errors,
         total / omp_get_max_threads(), s, x, y, g);
  return 0;
}
