#include <stdio.h>

#include "shared.h"

int main(void) {
  count(64);
  count(64);
  double sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 64; i++)
    sum += weights[i];
  printf("hits %d weights %.1f\n", hits, sum);
  return 0;
}
