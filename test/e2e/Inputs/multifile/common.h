/* Globals shared by several files, declared once here as real codes do. */
#ifndef COMMON_H
#define COMMON_H

#define N 3000
#define NBINS 16

extern double grid[N];     /* defined in solver.c, zero-initialised */
extern long visits;        /* defined in main.c */
extern int bins[NBINS];    /* defined in stats.c */
extern double weight;      /* defined in stats.c, with an initialiser */
extern const char *labels[2]; /* defined in main.c: pointers to string literals */
extern double *grid_view;  /* defined in main.c: the address of another file's global */

/* Per-thread data declared in the header: a global defined in solver.c and
 * a static of each file that includes this header. */
extern int scratch[4];
#pragma omp threadprivate(scratch)
static int tp_calls;
#pragma omp threadprivate(tp_calls)

/* A macro from a header naming a global: used in every file. */
#define CELL(i) grid[(i) % N]

#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
static int omp_get_num_threads(void) { return 1; }
#endif

void relax(int steps);  /* solver.c: orphaned for, inside main's region */
double checksum(void);  /* stats.c: orphaned for with a reduction */
void tally(int i);      /* stats.c: atomic and critical on globals of other files */
double elapsed(void);   /* timer.c, in the static library libutil.a */
int thread_tallies(void); /* stats.c: this thread's tp_calls there */
int scratch_mismatches(void); /* solver.c */

#endif
