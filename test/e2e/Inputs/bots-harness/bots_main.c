/* The harness's main: no OpenMP of its own; the application's header
 * declares main's locals and passes their addresses. */
#include "app.h"

#include <stdio.h>

int main(void) {
  BOTS_APP_INIT;
  KERNEL_INIT;
  KERNEL_CALL;
  SEQ = BENCH;
  printf("size %d bad %d same %d\n", size, KERNEL_CHECK, SEQ == BENCH);
  return 0;
}
