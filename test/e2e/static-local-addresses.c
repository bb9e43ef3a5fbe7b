// Static locals (pooled) initialised with the address of another static
// local: `static int *p = t;` was written as a constant image
// `static const int *parade_gi = (*parade_g_t);`, which is no constant
// ("initializer element is not constant"). The constructor now allocates
// t first and copies the value in. Found by a helper acting as a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: static-local-addresses: all 5 configurations match gcc -fopenmp
#include <stdio.h>
static int *get(void){ static int t[4] = {1,2,3,4}; static int *p = t; static int *q = &t[2]; static int **pp = &p; return *pp + (q - t); }
struct node { struct node *next, *prev; int v; };
static int ring(void) {
  /* Names itself: allocated before its initialiser runs (it recursed). */
  static struct node head = {&head, &head, 7};
  static void *self = &self;
  return head.next->prev->v + (self == &self);
}
int main(void){ int s = 0;
  #pragma omp parallel reduction(+:s)
  s += get()[1] + ring();
  printf("%d\n", s > 0 && s % 4 == 0);
  return 0; }
