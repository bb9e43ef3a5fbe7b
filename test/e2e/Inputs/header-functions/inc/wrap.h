/* Found first on the path; the next one on the path has the value. */
#include_next <wrap.h>
#define WRAPPED (WRAP_VALUE + 1)
