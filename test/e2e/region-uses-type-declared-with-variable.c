// A region that names a local declared together with its type (`struct sn
// { int n; } st = {0};`, an anonymous struct, an enum): the outlined code,
// at file scope, could not see the type, and the translation did not
// compile (an anonymous struct was spelled "struct (unnamed struct at
// ...)", a named one was an incomplete type). The type's definition now
// goes to file scope before the function, an anonymous one with a name of
// its own, and the declaration keeps its variables, of the type by name.
// A file-scope type of the same name gets another name for the function's
// extent; a struct defined with a variable inside a region is outlined
// with it. Only a type whose variables a directive names moves: moving
// every one broke a type that names a macro defined in the function, two
// blocks' types of one name, and an enumerator a local shadows at file
// scope; a type declared inside a construct moves only when a directive
// inside that does not hold it (a task in a single) names its variables;
// an enumerator with a global's name is renamed where it is declared and
// named (a function-wide rename macro gave the global's uses in the
// function the enumerator's value). Found by reviews.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: region-uses-type-declared-with-variable: all 5 configurations match gcc -fopenmp
#include <assert.h>
#include <omp.h>
#include <stdio.h>

struct sn {
  char tag[3];
};

static int other(void) {
  // The same anonymous shape in another function: its own type.
  struct {
    long total;
  } acc = {0};
#pragma omp parallel for
  for (int i = 0; i < 10; i++) {
#pragma omp atomic
    acc.total += i;
  }
  return (int)acc.total;
}

int RED = 5;

int main(void) {
#define NB 4
  // No directive names these: they stay where they are.
  struct {
    double s[NB];
  } unused = {{0}};
  int kept = (int)unused.s[0];
  {
    enum { RED, GREEN } hue = RED;
    kept += hue;
  }
  {
    struct pair {
      int a, b;
    } p = {1, 2};
    kept += p.a;
  }
  {
    struct pair {
      int a, b;
    } p = {3, 4};
    kept += p.b;
  }
  printf("kept %d\n", kept);
  // Declared inside an in-place construct, named by a task made there (the
  // task is outlined; the type went with the single only).
  int from_task = 0;
#pragma omp parallel
#pragma omp single
  {
    struct item {
      int v;
    } it = {5};
#pragma omp task firstprivate(it) shared(from_task)
    {
#pragma omp atomic
      from_task += it.v;
    }
  }
  printf("from task %d\n", from_task);
  // An enumerator named as a global, in a type a region needs: renamed
  // where it is declared and named, so the global's uses keep the global.
  int shade = 0, global_before = RED;
  {
    enum { RED, GREEN } tone = GREEN;
#pragma omp parallel for reduction(+ : shade) firstprivate(tone)
    for (int i = 0; i < 4; i++)
      shade += tone + RED;
  }
  printf("shade %d global %d %d\n", shade, RED, global_before);
  int x = 0, y = 1;
  assert(x == 0);
  // Written in a region, named in a macro.
  struct {
    int n;
    double s;
  } st = {0, 0.0}, st2 = {5, 1.0};
  assert(st.n == 0);
  // Shadows the file-scope struct sn.
  struct sn {
    int hits;
  } counts = {0};
  enum colour { CRIMSON, JADE = 3, COBALT } c = JADE;
  // Read only in the region: copied into it.
  const struct point {
    double px, py;
  } origin = {1.5, -2.0};
#pragma omp parallel
  {
    struct {
      int id;
    } me = {omp_get_thread_num()};
#pragma omp critical
    {
      x++;
      y += me.id >= 0;
      st.n++;
      st.s += 0.5;
      st2.n += 2;
      counts.hits += c == JADE;
    }
    struct point shifted = origin;
    shifted.px += 1.0;
    if (shifted.px != 2.5 || shifted.py != -2.0)
      printf("wrong copy of origin\n");
  }
  struct sn more = {7};
  enum colour last = COBALT;
  int threads = x;
  printf("threads counted %d\n", threads > 0);
  printf("y-x %d n-x %d s*2-x %d st2 %d hits-x %d more %d last %d other %d\n", y - x,
         st.n - x, (int)(st.s * 2) - x, st2.n - 2 * x, counts.hits - x, more.hits, last,
         other());
  return 0;
}
