#include <math.h>

double field[1000];

double integrate(int n) {
  double sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < n; i++) {
    if (i < 1000)
      field[i] = sqrt((double)i);
    sum += 4.0 / (1.0 + ((i + 0.5) / n) * ((i + 0.5) / n));
  }
  return sum / n;
}
