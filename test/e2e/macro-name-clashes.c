// A shared local named inside a macro, where its name cannot stand for
// its storage: a function-like macro of the same name (PLASMA's
// `#define A(m, n) BLKADDR(A, m, n)` beside a local `desc A`), and a
// function that has something else of the name (a member `g.nx` beside
// the local `nx`) using a macro of the file that another function uses
// with a local of its own. The first did not compile (the translation
// made `A` an object-like macro); the second rewrote the macro for every
// function. The invocations are now written out as their expansions and
// the file translated again.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: macro-name-clashes: all 5 configurations match gcc -fopenmp
#include <stdio.h>

typedef struct {
  double *mat;
  int nb;
} desc;
struct grid {
  int nx;
};

#define BLKADDR(D, m) ((D).mat + (m) * (D).nb)
#define A(m) BLKADDR(A, m)
#define U(i, j) u[(i) * nx + (j)]

static double plasma_like(void) {
  double buf[8] = {0};
  desc A = {buf, 2};
#pragma omp parallel num_threads(2)
  {
#pragma omp single
    A(3)[0] = 5.0;
  }
  return A(3)[0] + buf[6];
}

static double with_member(void) {
  struct grid g = {3};
  int nx = 4;
  double u[16];
#pragma omp parallel for
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++)
      U(i, j) = i * 10 + j + g.nx;
  nx = 2; // U now strides by 2
  return U(1, 1) + u[15];
}

static double own_nx(void) {
  int nx = 2;
  double u[4] = {1, 2, 3, 4};
  return U(1, 0);
}

int main(void) {
  printf("%g %g %g\n", plasma_like(), with_member(), own_nx());
  return 0;
}
