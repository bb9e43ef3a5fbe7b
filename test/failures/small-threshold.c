// -fparade-small-threshold above what the runtime's collective buffers
// hold (PARADE_SMALL_MAX in parade.h) is refused when translating, with a
// clear error, instead of a translation whose program aborts at run time.
//
// REQUIRES: translator
// RUN: not %translate -fparade-small-threshold=257 %s -- 2>&1 | FileCheck %s
// RUN: not %paradecc -fparade-small-threshold=100000 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %translate -fparade-small-threshold=256 %s -- | FileCheck %s --check-prefix=MAX
//
// CHECK: error: -fparade-small-threshold={{[0-9]+}} is above {{.*}}256
// MAX: parade_parallel(
int total;

int main(void) {
#pragma omp parallel
  {
#pragma omp atomic
    total += 1;
  }
  return total == 0;
}
