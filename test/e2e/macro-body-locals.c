// A local that lives in the pool, named in the body of a macro of the file
// that another function uses with a local of its own of that name (the
// stencil idiom `#define U(i, j) u[(i) * nx + (j)]`): the macro's body was
// rewritten to the pool's storage for every function, so the other one
// did not compile. The name now stands for the storage only in the
// local's own scope, as a macro of its own. Found by a helper acting as a
// new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: macro-body-locals: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>
struct grid { int width, height; double *u; };
#define U(i, j) u[(i) * nx + (j)]
static double sum_grid(struct grid *g) {
  int nx = g->width; /* another function's own nx */
  double *u = g->u, s = 0;
  for (int i = 0; i < g->height; i++)
    for (int j = 0; j < nx; j++)
      s += U(i, j);
  return s;
}
int main(void) {
  struct grid g;
  g.width = 6;
  g.height = 5;
  g.u = malloc(sizeof(double) * 30);
  int nx = g.width;
  double *u = g.u;
#pragma omp parallel for
  for (int i = 0; i < g.height; i++)
    for (int j = 0; j < nx; j++) {
      U(i, j) = i * 10 + j;
      if (i == 0 && j == 0)
        nx = g.width; /* nx written: stays shared */
    }
  printf("%g %d\n", sum_grid(&g), nx);
  return 0;
}
