// tile: the loops it stands for (floor loops over the tiles, then the
// loops of a tile) run in tile order, which the program checks against
// loops written out by hand: on its own in serial code (with a negative
// step, a stride, and loop variables declared outside that end as after
// the loops; a global one that a called function reads; under single and
// critical, which apply to the tile as a statement), with a pointer loop,
// and under loop directives that apply to
// the floor loops (`parallel for`, `for collapse(2)` in a region over
// loops in braces, with reductions), over data every node wrote. gcc 12 has no tile, so the
// expected values are written out below (the sums equal the untiled
// loops'), at 1 x 2, 2 x 2 and 4 x 1.
//
// REQUIRES: translator
// RUN: %paradecc -Rparade %s -o %t 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 4 %t | FileCheck %s
// REMARK-COUNT-2: remark: tile: {{[12]}} floor loop(s) over the tiles, then the loops of a tile [-Rparade]
// REMARK: remark: tile: 1 floor loop(s) over the tiles, then the loops of a tile; the enclosing loop directive applies to the floor loops
// REMARK: remark: tile: 2 floor loop(s) over the tiles, then the loops of a tile; the enclosing loop directive applies to the floor loops
// CHECK: serial: i=31 j=-1 order_wrong=0 visited=300
// CHECK: pointer: p_end=1 sum=231
// CHECK: parallel: s=4950 b99=9801
// CHECK: collapse: s2=875700 wrong=0
// CHECK: global: sum=45 gi=10 single=50 critical=10
#include <stdio.h>

int a[30][20], b[100], c[21];
int seen_i[300], seen_j[300], pos;
int gi, gsum; /* a global loop variable that a called function reads */

static void add_gi(void) { gsum += gi; }

int main(void) {
  int i, j;
#pragma omp parallel for
  for (int p = 0; p < 30; p++)
    for (int q = 0; q < 20; q++)
      a[p][q] = p * 100 + q;
  // The tile order, written out: tiles of 4 x 6 iterations.
#pragma omp tile sizes(4, 6)
  for (i = 1; i < 30; i += 2)
    for (j = 19; j >= 0; j--) {
      seen_i[pos] = i;
      seen_j[pos++] = j;
    }
  int wrong = 0, k = 0;
  for (int ti = 0; ti < 15; ti += 4)
    for (int tj = 0; tj < 20; tj += 6)
      for (int li = ti; li < ti + 4 && li < 15; li++)
        for (int lj = tj; lj < tj + 6 && lj < 20; lj++, k++)
          if (seen_i[k] != 1 + 2 * li || seen_j[k] != 19 - lj)
            wrong++;
  printf("serial: i=%d j=%d order_wrong=%d visited=%d\n", i, j, wrong, pos);

  int *p;
  long sum = 0;
  for (int q = 0; q < 21; q++)
    c[q] = q + 1;
#pragma omp tile sizes(8)
  for (p = c; p < c + 21; p++)
    sum += *p;
  printf("pointer: p_end=%d sum=%ld\n", p == c + 21, sum);

  long s = 0;
#pragma omp parallel for reduction(+ : s)
#pragma omp tile sizes(7)
  for (int n = 0; n < 100; n++) {
    b[n] = n * n;
    s += n;
  }
  printf("parallel: s=%ld b99=%d\n", s, b[99]);

  long s2 = 0;
  int bad = 0;
#pragma omp parallel reduction(+ : s2, bad)
  {
#pragma omp for collapse(2)
#pragma omp tile sizes(5, 3)
    for (int x = 0; x < 30; x++) {
      // The outer loop's block holds the inner loop alone: perfectly
      // nested (it was refused, and its closing brace was left behind).
      for (int y = 0; y < 20; y++) {
        s2 += a[x][y];
        bad += a[x][y] != x * 100 + y;
      }
    }
  }
  printf("collapse: s2=%ld wrong=%d\n", s2, bad);

#pragma omp tile sizes(4)
  for (gi = 0; gi < 10; gi++)
    add_gi();
  int si = -1, ci = -1;
#pragma omp parallel
  {
#pragma omp single
#pragma omp tile sizes(4)
    for (si = 0; si < 50; si++)
      b[si] += 1;
  }
#pragma omp critical
#pragma omp tile sizes(4)
  for (ci = 0; ci < 10; ci++)
    b[ci] += 1;
  printf("global: sum=%d gi=%d single=%d critical=%d\n", gsum, gi, si, ci);
  return 0;
}
