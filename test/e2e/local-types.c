// Types declared inside functions that start regions move to file scope
// (outlined bodies need them). Two functions with a local typedef of the
// same name, a local struct that shadows a file-scope one, and local enums
// whose constants collide made invalid C (conflicting types, redefinition
// of 'struct pt'); such a type gets a name of its own.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: local-types: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>

struct pt {
  int x;
};
typedef int count_t;

static double first(void) {
  typedef struct {
    double w;
  } item;
  item it[4] = {{1}, {2}, {3}, {4}};
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int k = 0; k < 4; k++)
    s += it[k].w;
  return s;
}

static double second(void) {
  typedef struct {
    int id;
    float a;
  } item;
  enum { RED, GREEN = 5 };
  item it[4] = {{0, 1}, {1, 1}, {2, 1}, {3, 1}};
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int k = 0; k < 4; k++)
    s += it[k].a * it[k].id + GREEN;
  return s;
}

static double third(void) {
  struct pt {
    double x, y;
  };
  typedef long count_t;
  enum { RED = 2, GREEN };
  struct pt p[2] = {{1, 2}, {3, 4}};
  count_t n = 2;
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (count_t k = 0; k < n; k++)
    s += p[k].x * p[k].y + RED;
  return s;
}

int main(void) {
  struct pt q = {5};
  count_t c = 7;
  printf("%.1f %.1f %.1f %d %d\n", first(), second(), third(), q.x, c);
  return 0;
}
