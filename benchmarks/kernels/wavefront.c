/* A wavefront over a 2-D table: cell (i, j) depends on its north, west and
 * north-west neighbours, so each anti-diagonal is one short parallel loop
 * (the shape of dynamic programming codes: sequence alignment, LCS).
 * 2n-1 regions of at most n iterations each; every region writes cells
 * on the same rows as the region before it.
 * Verified against the same recurrence computed serially.
 *
 * usage: wavefront small|large */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int n;
static int *table;

#define AT(i, j) table[(size_t)(i) * (n + 1) + (j)]

static int cell(int i, int j) {
  int up = AT(i - 1, j), left = AT(i, j - 1), diag = AT(i - 1, j - 1);
  int match = ((i * 7 + j * 13) % 5 == 0) ? 3 : -1;
  int best = diag + match;
  if (up - 2 > best)
    best = up - 2;
  if (left - 2 > best)
    best = left - 2;
  return best > 0 ? best : 0;
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "small";
  n = !strcmp(which, "large") ? 1024 : 256;
  table = calloc((size_t)(n + 1) * (n + 1), sizeof *table);
  int *check = malloc(sizeof(int) * (size_t)(n + 1) * (n + 1));
  double start = omp_get_wtime();
  for (int d = 2; d <= 2 * n; d++) {
    int lo = d - n > 1 ? d - n : 1, hi = d - 1 < n ? d - 1 : n;
#pragma omp parallel for
    for (int i = lo; i <= hi; i++)
      AT(i, d - i) = cell(i, d - i);
  }
  double elapsed = omp_get_wtime() - start;
  memcpy(check, table, sizeof(int) * (size_t)(n + 1) * (n + 1));
  memset(table, 0, sizeof(int) * (size_t)(n + 1) * (n + 1));
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= n; j++)
      AT(i, j) = cell(i, j);
  int ok = !memcmp(check, table, sizeof(int) * (size_t)(n + 1) * (n + 1));
  printf("RESULT kernel=wavefront size=%s n=%d regions=%d time=%.6f verified=%d score=%d\n", which,
         n, 2 * n - 1, elapsed, ok, AT(n, n));
  return ok ? 0 : 1;
}
