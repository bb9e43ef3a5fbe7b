// A shared local named in a macro's argument keeps its name there, so a
// macro that turns its argument into a string prints what the program
// wrote (`SHOW(total)` printed "(*parade_s_total_0) = 45"): the name stands
// for the pool's storage, in the function and in code outlined from it,
// and for the private copy inside a construct that makes it private.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: stringized-names: all 5 configurations match gcc -fopenmp
#include <stddef.h>
#include <stdio.h>

#define SHOW(x) printf("%s = %ld\n", #x, (long)(x))
#define CHECK(c) printf("check %s -> %d\n", #c, (c) ? 1 : 0)
#define AT(c, msg) printf("%s %s line %d\n", (c) ? "ok" : "fail", msg, __LINE__)
#define OK(c) printf("ok %d\n", (c) ? 1 : 0)

/* Where the name means something else too, the name is not a macro (the
 * uses are spelled through the pool's pointer, which a string would show;
 * these build and run as gcc's): a struct tag, a member in offsetof, a
 * global that another region of the function names. */
struct pt {
  int x, y;
};
struct node {
  int n;
  long count;
};
long hits_global;

static void elsewhere(void) {
  struct pt pt = {1, 2};
#pragma omp parallel
  {
#pragma omp critical
    pt.x += 0;
  }
  struct pt copy = pt;
  long count = 0;
#pragma omp parallel
  {
#pragma omp atomic
    count += 1;
#pragma omp atomic
    hits_global += 1;
  }
  {
    long hits_global = 1;
#pragma omp parallel
    {
#pragma omp atomic
      hits_global += 0;
    }
    OK(hits_global == 1);
  }
  OK(pt.x + copy.y == 3);
  OK(count > 0 && offsetof(struct node, count) > 0);
  /* A macro call over lines, after a declaration on its line. */
  int s = 0; AT(s ==
                0, "multi-line");
#pragma omp parallel
  {
#pragma omp atomic
    s += 1;
  }
  CHECK(s > 0);
  printf("line %d\n", __LINE__);
}

int main(void) {
  long total = 0, hits = 0, scratch = 5;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < 10; i++)
    total += i;
  SHOW(total);
  CHECK(total == 45);
#pragma omp parallel
  {
#pragma omp atomic
    hits += 1;
#pragma omp barrier
#pragma omp single
    CHECK(hits > 0);
#pragma omp for private(scratch) reduction(+ : total)
    for (int i = 0; i < 4; i++) {
      scratch = i;
      total += scratch;
    }
  }
  SHOW(total);
  SHOW(scratch + 1);
  elsewhere();
  return 0;
}
