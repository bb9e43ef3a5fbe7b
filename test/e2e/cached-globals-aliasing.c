// A work-shared loop may read a global once before it starts only if
// nothing in the loop can write it. Here every loop writes a global it
// also reads, but never by its name: through a pointer taken outside the
// loop, through memcpy and memset, through a pointer stored in another
// global by another function, and through a character pointer. Each loop
// runs on a team of one (orphaned outside a region, or a region with
// if(0)), so the writes race with nobody.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: cached-globals-aliasing: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <string.h>

#define N 100

int g;
double d = 1.0;
static long h;
static long *hp;
int bytes;

static void point_at_h(void) { hp = &h; }

static long through_pointer(void) {
  long s = 0;
  int *p = &g;
#pragma omp for
  for (int i = 0; i < N; i++) {
    *p = i;
    s += g;
  }
  return s;
}

static long through_memcpy(void) {
  long s = 0;
  int *p = &g;
#pragma omp for
  for (int i = 0; i < N; i++) {
    memcpy(p, &i, sizeof *p);
    s += g;
  }
  return s;
}

static double through_memset(double *p) {
  double s = 0;
#pragma omp for
  for (int i = 0; i < N; i++) {
    s += d;
    if (i == N / 2)
      memset(p, 0, sizeof *p);
  }
  return s;
}

static long through_global_pointer(void) {
  long s = 0;
#pragma omp parallel for if (0) reduction(+:s)
  for (int i = 0; i < N; i++) {
    *hp += 2;
    s += h;
  }
  return s;
}

static long through_char_pointer(void) {
  long s = 0;
  unsigned char *c = (unsigned char *)&bytes;
#pragma omp for
  for (int i = 0; i < N; i++) {
    c[0] = (unsigned char)i;
    s += bytes;
  }
  return s;
}

int main(void) {
  point_at_h();
  long a = through_pointer();
  long b = through_memcpy();
  double c = through_memset(&d);
  long e = through_global_pointer();
  long f = through_char_pointer();
  printf("pointer=%ld memcpy=%ld memset=%.1f global-pointer=%ld char=%ld g=%d h=%ld\n", a, b, c,
         e, f, g, h);
  return 0;
}
