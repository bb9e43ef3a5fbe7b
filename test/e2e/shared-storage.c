// The three kinds of shared storage (file-scope/static data, automatic
// variables of the forking function, the heap), pointers to shared data
// stored in shared data, a VLA, a struct type and typedef declared inside
// the function, and macros in loop bounds and clauses.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: shared-storage: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>

#define LEN 300
#define CHUNK 7
typedef struct node_s {
  long value;
  struct node_s *next;
} node_t;

static double table[LEN];
long global_sum;
static node_t *list_head;

static long count_calls(void) {
  static long calls = 0; /* a static local: in the pool too */
  calls++;
  return calls;
}

int main(void) {
  typedef struct {
    double x, y;
  } point;
  enum { CORNERS = 4 };
  int n = LEN;
  point corners[CORNERS];
  double vla[n];
  long local_array[LEN];
  node_t *nodes = malloc(LEN * sizeof(node_t));
  for (int i = 0; i < LEN; i++) {
    nodes[i].value = i;
    nodes[i].next = i + 1 < LEN ? &nodes[i + 1] : NULL;
  }
  list_head = nodes;
  long walked = 0;
#pragma omp parallel
  {
#pragma omp for schedule(static, CHUNK)
    for (int i = 0; i < n; i++) {
      table[i] = i * 1.5;
      vla[i] = -i;
      local_array[i] = 2 * i;
    }
#pragma omp for reduction(+:walked)
    for (int i = 0; i < 4; i++) {
      /* Follow pointers stored in shared heap data. */
      for (node_t *p = list_head; p; p = p->next)
        walked += p->value;
    }
#pragma omp single
    global_sum = count_calls();
#pragma omp for
    for (int c = 0; c < CORNERS; c++) {
      point p = {c * 1.0, c * 2.0};
      corners[c] = p;
    }
  }
  double s = 0;
  long l = 0;
  for (int i = 0; i < n; i++) {
    s += table[i] + vla[i];
    l += local_array[i];
  }
  printf("s=%.1f l=%ld walked=%ld calls=%ld corner=%.1f\n", s, l, walked, global_sum,
         corners[3].x + corners[3].y);
  free(nodes);
  return 0;
}
