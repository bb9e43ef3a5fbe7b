/* A second file whose only directives are the header's. */
#include "kernels.h"

double second(void) {
  double b[300];
  for (int i = 0; i < 300; i++)
    b[i] = 1;
  return total(b, 300);
}
