#ifndef OUTER_H
#define OUTER_H
/* The main file includes this header, which includes the one with the
 * functions: both are written in. */
#include "kernels.h" /* the kernels,
                         and their helpers */
static int outer_marker = 7;
#endif
