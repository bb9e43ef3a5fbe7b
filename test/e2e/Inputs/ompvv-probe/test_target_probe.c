#include "ompvv.h"

#define N 1000

int test_map_tofrom(void) {
  int a[N], errors = 0, isOffloading = 0;
  OMPVV_TEST_AND_SET_OFFLOADING(isOffloading);
  for (int i = 0; i < N; i++)
    a[i] = i;
#pragma omp target teams distribute parallel for map(tofrom : a)
  for (int i = 0; i < N; i++)
    a[i] += 2 * i;
  for (int i = 0; i < N; i++)
    OMPVV_TEST_AND_SET(errors, a[i] != 3 * i);
  OMPVV_INFOMSG("offloading %d", isOffloading);
  return errors;
}

int main(void) {
  OMPVV_TEST_OFFLOADING;
  int errors = 0;
  OMPVV_TEST_AND_SET(errors, test_map_tofrom());
  OMPVV_REPORT_AND_RETURN(errors);
}
