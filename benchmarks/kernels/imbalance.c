/* An imbalanced loop whose iterations wait rather than compute, so that
 * two cores cannot hide the balance: the first quarter of the iterations
 * wait ten times longer than the others. With a static schedule the node
 * that owns the first quarter finishes last; dynamic and guided loops
 * should spread that quarter over every node (parade's threads take
 * iterations from other nodes once their own node's are gone).
 * Verified by counting that every iteration ran exactly once.
 *
 * usage: imbalance small|large */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int n = 64;
static int *hits;

static void iteration(int i) {
  usleep(i < n / 4 ? 4000 : 400);
  hits[i] += 1;
}

static int verify(void) {
  int ok = 1;
  for (int i = 0; i < n; i++) {
    ok &= hits[i] == 1;
    hits[i] = 0;
  }
  return ok;
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "small";
  if (!strcmp(which, "large"))
    n = 256;
  hits = calloc((size_t)n, sizeof *hits);
  const char *names[3] = {"static", "dynamic", "guided"};
  int all_ok = 1;
  for (int s = 0; s < 3; s++) {
    double start = omp_get_wtime();
    if (s == 0) {
#pragma omp parallel for schedule(static)
      for (int i = 0; i < n; i++)
        iteration(i);
    } else if (s == 1) {
#pragma omp parallel for schedule(dynamic)
      for (int i = 0; i < n; i++)
        iteration(i);
    } else {
#pragma omp parallel for schedule(guided)
      for (int i = 0; i < n; i++)
        iteration(i);
    }
    double elapsed = omp_get_wtime() - start;
    int ok = verify();
    all_ok &= ok;
    printf("RESULT kernel=imbalance size=%s schedule=%s iterations=%d time=%.6f verified=%d\n",
           which, names[s], n, elapsed, ok);
  }
  free(hits);
  return all_ok ? 0 : 1;
}
