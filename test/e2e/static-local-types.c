// Static locals declared together with their type: ParRes refcount's
// `static struct { const char *name; omp_lock_hint_t value; } keywords[]`
// (an unnamed struct), a named struct, a union and an enum. They were
// refused ("a type declared together with a shared variable"), even in a
// function without OpenMP: a static local lives in the pool, and the pool
// pointer at file scope must name the type. The type now goes to file
// scope first, an unnamed one with a name of its own. The tables are read
// by every thread of a region, and one is written in a critical section.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: static-local-types: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <string.h>

static int lookup(const char *name) {
  static struct {
    const char *name;
    int value;
  } keywords[] = {{"one", 1}, {"two", 2}, {"three", 3}};
  for (int i = 0; i < (int)(sizeof keywords / sizeof keywords[0]); i++)
    if (strcmp(keywords[i].name, name) == 0)
      return keywords[i].value;
  return 0;
}

static long tally(int k) {
  static struct counter {
    long hits;
    int last;
  } c = {0, -1};
  static union {
    long l;
    double d;
  } u = {.l = 0};
  static enum { IDLE, BUSY } state = IDLE;
#pragma omp parallel for
  for (int i = 0; i < k; i++) {
#pragma omp critical
    {
      c.hits += lookup(i % 2 ? "two" : "three");
      c.last = c.last > i ? c.last : i;
      u.l += 1;
      state = BUSY;
    }
  }
  struct counter copy = c;
  return copy.hits * 1000 + c.last + u.l * 100000 + (state == BUSY);
}

int main(void) {
  long first = tally(50), second = tally(10);
  printf("lookup %d %d %d tally %ld %ld\n", lookup("one"), lookup("two"), lookup("four"), first,
         second);
  return 0;
}
