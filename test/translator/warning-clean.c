// What gcc -fopenmp compiles without a warning, paradecc compiles without
// one too: the translation's private copies shadow their originals and may
// go unused, main becomes a function that would want a prototype, and
// threadprivate needs no C11 keyword (-std=c99 -pedantic-errors). Each of
// these failed a -Werror build of a real program. So did parade's omp.h
// under -pedantic-errors (enumerators beyond int, as in gcc's own omp.h,
// which is a system header), and a reduction, firstprivate or lastprivate
// of a volatile variable (memcpy discarded the qualifier). So did, found
// by helpers acting as new users: a local named in a macro's argument and
// set only later (its unset value was copied into the pool:
// -Wuninitialized, OmpSCR's c_jacobi01, Parboil's stencil), an array
// parameter (the prototype before the outlined code had a pointer:
// -Warray-parameter, CoMD), a static local (_Alignof under -std=c99), and
// a task's firstprivate copy of a const variable.
//
// REQUIRES: translator
// RUN: %gcc-openmp -Wall -Wextra -Werror -Wshadow -Wmissing-prototypes -c %s -o %t.gcc.o
// RUN: %paradecc -Wall -Wextra -Werror -Wshadow -Wmissing-prototypes -c %s -o %t.o
// RUN: %gcc-openmp -std=c99 -pedantic-errors -Wall -Werror -c %s -o %t.gcc.o
// RUN: %paradecc -std=c99 -pedantic-errors -Wall -Werror -c %s -o %t.o
#include <omp.h>
#include <stdio.h>

static int count;
#pragma omp threadprivate(count)
static double rho;

static double dot(const double *a, const double *b, int n) {
  double s = 0;
  int i, j;
#pragma omp parallel for private(j) reduction(+ : s)
  for (i = 0; i < n; i++) {
    for (j = 0; j < 1; j++)
      s += a[i] * b[i];
  }
  return s;
}

static void update(double *a, int n) {
  int i;
#pragma omp parallel
  {
    double local = 0;
#pragma omp for lastprivate(rho)
    for (i = 0; i < n; i++) {
      rho = a[i] * 2;
      local += rho;
    }
    count++;
    a[0] += local * 0;
  }
}

static double volatiles(int n) {
  volatile double s = 0;
  volatile int f = 3, l = 0;
  int i;
#pragma omp parallel for reduction(+ : s) firstprivate(f) lastprivate(l)
  for (i = 0; i < n; i++) {
    s += i;
    l = i + f + omp_get_thread_num() * 0;
  }
  return s + l;
}

#define MIN(X, Y) ((X) < (Y) ? (X) : (Y))
static void get(int *n) { *n = 42; }
static int set_later(int argc) {
  int k;
  get(&k);
  return MIN(argc, k);
}

typedef double vec3[3];
void scale(double v[3], vec3 w, double f);
void scale(double v[3], vec3 w, double f) {
#pragma omp parallel for
  for (int i = 0; i < 3; i++)
    v[i] *= f * w[i];
}

static int next(void) {
  static int counter = 0;
  return ++counter;
}

static int const_task(const int n) {
  int r = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task firstprivate(n) shared(r)
    r = n + 1;
#pragma omp taskwait
  }
  return r;
}

int main(void) {
  double a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  vec3 w = {1, 1, 1};
  scale(a, w, 2.0);
  printf("%d %d %d\n", set_later(3), next(), const_task(4));
  update(a, 8);
  printf("%.1f\n", volatiles(8));
  printf("%.1f %.1f\n", dot(a, a, 8), rho);
  return 0;
}
