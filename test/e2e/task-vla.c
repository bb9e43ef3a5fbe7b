// Tasks that name variable-length arrays: a shared VLA of one and of two
// dimensions, a private VLA, a pointer to a VLA, a VLA parameter, a
// taskloop over a VLA, and a task on a VLA that depends on a detached task
// whose creator fulfils it afterwards. Such tasks ran at once, in place
// (serially, with only a remark); the last one waited forever for the
// detached task, at every configuration. They are now outlined: the
// bounds travel by value and the arrays as pointers.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: task-vla: all 5 configurations match gcc -fopenmp
// RUN: %paradecc -Rparade %s -o %t 2>&1 | FileCheck %s --check-prefix=REMARK \
// RUN:   --implicit-check-not="runs at once" --implicit-check-not="runs its iterations at once"
// REMARK-COUNT-5: remark: task outlined to
// REMARK: remark: 'taskloop' creates tasks of its iterations
// REMARK-COUNT-2: remark: task outlined to
#include <omp.h>
#include <stdio.h>

int x;

static void scale_rows(int r, int c, double m[r][c], double f) {
  for (int i = 0; i < r; i++) {
#pragma omp task firstprivate(i)
    for (int j = 0; j < c; j++)
      m[i][j] *= f;
  }
#pragma omp taskwait
}

int main(void) {
  int n = 40, r = 6, c = 7;
  double a[n], m[r][c];
  for (int i = 0; i < n; i++)
    a[i] = i;
  for (int i = 0; i < r; i++)
    for (int j = 0; j < c; j++)
      m[i][j] = i * c + j;
  double sum_private = 0;
#pragma omp parallel
#pragma omp single
  {
    for (int k = 0; k < 4; k++) {
#pragma omp task shared(a) firstprivate(k)
      for (int i = k * 10; i < k * 10 + 10; i++)
        a[i] = 2 * a[i] + 1;
    }
#pragma omp task shared(m)
    m[r - 1][c - 1] += 1000;
#pragma omp task shared(sum_private)
    {
      double tmp[n];
      for (int i = 0; i < n; i++)
        tmp[i] = i;
      double s = 0;
      for (int i = 0; i < n; i++)
        s += tmp[i];
#pragma omp atomic
      sum_private += s;
    }
#pragma omp taskwait
    double (*rows)[c] = m;
#pragma omp task
    rows[0][0] = -1;
#pragma omp taskwait
    scale_rows(r, c, m, 0.5);
#pragma omp taskloop grainsize(5)
    for (int i = 0; i < n; i++)
      a[i] += 100;
    omp_event_handle_t ev;
#pragma omp task detach(ev) depend(out : x)
    x = 10;
#pragma omp task shared(a) depend(in : x)
    a[1] = x + 1;
    omp_fulfill_event(ev);
#pragma omp taskwait
  }
  double sa = 0, sm = 0;
  for (int i = 0; i < n; i++)
    sa += a[i];
  for (int i = 0; i < r; i++)
    for (int j = 0; j < c; j++)
      sm += m[i][j];
  printf("a %g a[1] %g m %g m[5][6] %g m[0][0] %g private %g\n", sa, a[1], sm, m[5][6], m[0][0],
         sum_private);
  return 0;
}
