/* A header with OpenMP pragmas of its own, as libraries' headers have. */
extern int counter;
#pragma omp threadprivate(counter)
#pragma omp declare simd
int twice(int x);
