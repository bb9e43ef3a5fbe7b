/* An imbalanced loop: the Mandelbrot set, rows shared out with static,
 * dynamic and guided schedules. The rows near the set cost far more than
 * the others. Verified by counting the points in the set serially.
 *
 * usage: mandelbrot small|large */
#include <omp.h>
#include <stdio.h>
#include <string.h>

static int size = 256, max_iter = 500;

static int row_count(int y) {
  int inside = 0;
  for (int x = 0; x < size; x++) {
    double cr = -2.0 + 2.5 * x / size, ci = -1.25 + 2.5 * y / size;
    double zr = 0, zi = 0;
    int k = 0;
    while (k < max_iter && zr * zr + zi * zi < 4.0) {
      double t = zr * zr - zi * zi + cr;
      zi = 2 * zr * zi + ci;
      zr = t;
      k++;
    }
    inside += k == max_iter;
  }
  return inside;
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "small";
  if (!strcmp(which, "large")) {
    size = 1024;
    max_iter = 2000;
  }
  int expected = 0;
  for (int y = 0; y < size; y++)
    expected += row_count(y);
  const char *names[3] = {"static", "dynamic", "guided"};
  int all_ok = 1;
  for (int s = 0; s < 3; s++) {
    long inside = 0;
    double start = omp_get_wtime();
    if (s == 0) {
#pragma omp parallel for schedule(static) reduction(+:inside)
      for (int y = 0; y < size; y++)
        inside += row_count(y);
    } else if (s == 1) {
#pragma omp parallel for schedule(dynamic, 1) reduction(+:inside)
      for (int y = 0; y < size; y++)
        inside += row_count(y);
    } else {
#pragma omp parallel for schedule(guided) reduction(+:inside)
      for (int y = 0; y < size; y++)
        inside += row_count(y);
    }
    double elapsed = omp_get_wtime() - start;
    int ok = inside == expected;
    all_ok &= ok;
    printf("RESULT kernel=mandelbrot size=%s schedule=%s time=%.6f verified=%d inside=%ld\n",
           which, names[s], elapsed, ok, inside);
  }
  return all_ok ? 0 : 1;
}
