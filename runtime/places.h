/* Places: the sets of CPUs OMP_PLACES describes, read against the CPUs
 * this rank may run on, and the binding of a rank's threads to them that
 * OMP_PROC_BIND asks for. Places are per rank: each node has its own. */
#ifndef PARADE_PLACES_H
#define PARADE_PLACES_H

#include <sched.h>

#define PLACES_MAX 256

struct places_state {
  int count;
  cpu_set_t set[PLACES_MAX];
  int bind;      /* omp_proc_bind_t of the outermost level */
  char spec[64]; /* the abstract name or "explicit", for OMP_DISPLAY_ENV */
};

/* Read @p spec (OMP_PLACES, "" when unset) against the rank's CPUs. With
 * no spec the places are the cores when @p bind asks for binding, and
 * none otherwise (as libgomp). An invalid spec warns and falls back. */
void places_init(struct places_state *p, const char *spec, int bind);

/* The CPU ids of @p place in ascending order into @p ids (if not NULL);
 * returns how many. */
int places_procs(const struct places_state *p, int place, int *ids);

/* Bind the calling thread, the @p local-th of @p local_count threads of
 * its rank's team, as the binding policy asks. No-op when not binding. */
void places_bind_thread(const struct places_state *p, int local, int local_count);

/* The place the calling thread is bound to, or -1. */
int places_current(void);

#endif
