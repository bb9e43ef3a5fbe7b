/* The shape of SOLLVE V&V's ompvv.h: it probes offloading with a target
 * region inside a macro and reports with the file and line. */
#include <omp.h>
#include <stdio.h>
#include <string.h>

#define OMPVV_FILENAME (strrchr(__FILE__, '/') ? strrchr(__FILE__, '/') + 1 : __FILE__)
#define OMPVV_INFOMSG(message, ...)                                                            \
  printf("[OMPVV_INFO: %s:%i] " message "\n", OMPVV_FILENAME, __LINE__, ##__VA_ARGS__)

#define OMPVV_TEST_OFFLOADING_PROBE                                                            \
  int _ompvv_isOffloadingOn = 0;                                                               \
  _Pragma("omp target map (from: _ompvv_isOffloadingOn)")                                      \
  {                                                                                            \
    _ompvv_isOffloadingOn = !omp_is_initial_device();                                          \
  }

#define OMPVV_TEST_OFFLOADING                                                                  \
  {                                                                                            \
    OMPVV_TEST_OFFLOADING_PROBE                                                                \
    OMPVV_INFOMSG("Test is running on %s.", (_ompvv_isOffloadingOn) ? "device" : "host");     \
  }

#define OMPVV_TEST_AND_SET_OFFLOADING(var)                                                     \
  {                                                                                            \
    OMPVV_TEST_OFFLOADING_PROBE                                                                \
    var = _ompvv_isOffloadingOn;                                                               \
  }

#define OMPVV_TEST_AND_SET(err, condition)                                                     \
  {                                                                                            \
    int _ompvv_conditionEval = condition;                                                      \
    err += (_ompvv_conditionEval);                                                             \
  }

#define OMPVV_REPORT_AND_RETURN(err)                                                           \
  {                                                                                            \
    OMPVV_INFOMSG("The test %s.", (err) ? "failed" : "passed");                                \
    return err;                                                                                \
  }
