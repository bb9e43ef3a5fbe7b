// Non-rectangular collapse of three and four loops: a tetrahedron (each
// loop from the one outside it), an innermost loop whose bounds name the
// middle variable only, a middle loop that is empty for some outer
// iterations, a downward nest, and four loops. (gcc allows one outer variable
// per loop and no schedule clause on such nests; parade has neither
// limit, but the test compares with gcc.) Each nest writes every cell
// once; the sums are order-independent.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: non-rectangular-deep: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define N 14

int tet[N][N][N], skew[N][N][2 * N], gap[N][N][N], down[N][N][N], four[8][8][8][8];

int main(void) {
  long cells = 0, s = 0;
  int last = -1;
#pragma omp parallel for collapse(3) reduction(+ : cells) lastprivate(last)
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++)
      for (int k = j; k < N; k++) {
        tet[i][j][k] += 1 + i * N * N + j * N + k;
        cells++;
        last = i;
      }
#pragma omp parallel
  {
#pragma omp for collapse(3) reduction(+ : cells)
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        for (int k = j; k < 2 * j; k++) {
          skew[i][j][k] += 2 + i - j + k;
          cells++;
        }
#pragma omp for collapse(3) reduction(+ : cells) nowait
    for (int i = 0; i < N; i++)
      for (int j = 2 * i - N; j < N - 3 - i; j++) /* empty once 3i >= 2N - 3 */
        for (int k = 0; k < j + 3; k++) { /* empty for j <= -3 */
          gap[i][(j + N) % N][k] += 3 + i + j * k;
          cells++;
        }
#pragma omp for collapse(3) reduction(+ : cells)
    for (int i = N - 1; i >= 0; i--)
      for (int j = i; j >= 0; j--)
        for (int k = N - 1; k > j; k--) {
          down[i][j][k] += 4 + i * j - k;
          cells++;
        }
  }
#pragma omp parallel for collapse(4) reduction(+ : cells)
  for (int a = 0; a < 8; a++)
    for (int b = 0; b <= a; b++)
      for (int c = b; c < 8; c++)
        for (int d = c; d < 8; d++) {
          four[a][b][c][d] += 5 + a * b + c - d;
          cells++;
        }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      for (int k = 0; k < N; k++)
        s = s * 3 + tet[i][j][k] + 7 * gap[i][j][k] + 11 * down[i][j][k];
      for (int k = 0; k < 2 * N; k++)
        s = s * 5 + skew[i][j][k];
    }
  for (int a = 0; a < 8; a++)
    for (int b = 0; b < 8; b++)
      for (int c = 0; c < 8; c++)
        for (int d = 0; d < 8; d++)
          s = s * 7 + four[a][b][c][d];
  printf("cells %ld sum %ld last %d\n", cells, s, last);
  return 0;
}
