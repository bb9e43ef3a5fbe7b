#ifndef HELPER_H
#define HELPER_H
#define SCALE 3
static inline double twice(double x) { return 2 * x; }
#endif
