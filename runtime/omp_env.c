/* The OpenMP environment: the ICVs set from OMP_* at start-up and
 * omp_display_env, which shows them in OpenMP's format. */
#include "../include/omp.h"

#include "node.h"
#include "omp_icv.h"
#include "options.h"
#include "places.h"

#include <stdio.h>
#include <stdlib.h>

void icv_init(void) {
  struct omp_icv *icv = &node.icv;
  icv->max_active_levels = node.opt.max_active_levels < 1 ? node.opt.max_active_levels : 1;
  if (node.opt.max_active_levels > 1)
    icv_warn_nested_serialized(getenv("OMP_MAX_ACTIVE_LEVELS") ? "OMP_MAX_ACTIVE_LEVELS"
                                                               : "OMP_NESTED");
  icv->dynamic = node.opt.dynamic;
  icv->default_allocator = (uintptr_t)node.opt.allocator;
  icv->default_device = node.opt.default_device;
  icv->num_teams = node.opt.num_teams;
  icv->teams_thread_limit = node.opt.teams_thread_limit;
  snprintf(icv->affinity_format, sizeof icv->affinity_format, "%s",
           node.opt.affinity_format[0] ? node.opt.affinity_format
                                       : "level %L thread %i affinity %A");
  if (node.opt.display_affinity)
    node.team.region_entered = affinity_region_entered;
  if (node.opt.display_env && node.rank == 0)
    omp_display_env(node.opt.display_env == 2);
}

/* The ICVs in OpenMP's format (rank 0 prints them for the job: every rank
 * reads the same environment). Verbose adds parade's own variables. */
void omp_display_env(int verbose) {
  static const char *binds[] = {"FALSE", "TRUE", "PRIMARY", "CLOSE", "SPREAD"};
  static const char *allocators[] = {"",
                                     "omp_default_mem_alloc",
                                     "omp_large_cap_mem_alloc",
                                     "omp_const_mem_alloc",
                                     "omp_high_bw_mem_alloc",
                                     "omp_low_lat_mem_alloc",
                                     "omp_cgroup_mem_alloc",
                                     "omp_pteam_mem_alloc",
                                     "omp_thread_mem_alloc"};
  FILE *out = stderr;
  fprintf(out, "\nOPENMP DISPLAY ENVIRONMENT BEGIN\n");
  /* What the translator defines (Clang's default version, 5.1). */
  fprintf(out, "  _OPENMP = '%d'\n", 202111); /* the translator reads OpenMP 5.2 */
  fprintf(out, "  [host] OMP_DYNAMIC = '%s'\n", node.icv.dynamic ? "TRUE" : "FALSE");
  fprintf(out, "  [host] OMP_NESTED = '%s'\n", node.icv.max_active_levels > 1 ? "TRUE" : "FALSE");
  fprintf(out, "  [host] OMP_NUM_THREADS = '%d", node.threads_per_node);
  for (int i = 0; i < node.opt.nested_levels; i++)
    fprintf(out, ",%d", node.opt.nested_threads[i]);
  fprintf(out, "' (per rank; %d ranks)\n", node.size);
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  static const char *kinds[] = {"", "STATIC", "DYNAMIC", "GUIDED", "AUTO"};
  int k = (int)(kind & ~omp_sched_monotonic);
  /* A modifier where it is not the kind's default, as libgomp prints it. */
  const char *modifier = kind & omp_sched_monotonic ? (k == omp_sched_static ? "" : "MONOTONIC:")
                         : k == omp_sched_static    ? "NONMONOTONIC:"
                                                    : "";
  fprintf(out, "  [host] OMP_SCHEDULE = '%s%s,%d'\n", modifier,
          k >= 1 && k <= 4 ? kinds[k] : "STATIC", chunk);
  fprintf(out, "  [host] OMP_PROC_BIND = '%s'\n",
          node.places.bind >= 0 && node.places.bind <= 4 ? binds[node.places.bind] : "FALSE");
  fprintf(out, "  [host] OMP_PLACES = '");
  for (int p = 0; p < node.places.count; p++) {
    int ids[CPU_SETSIZE];
    int n = places_procs(&node.places, p, ids);
    fprintf(out, "%s{", p ? "," : "");
    for (int i = 0; i < n; i++)
      fprintf(out, "%s%d", i ? "," : "", ids[i]);
    fprintf(out, "}");
  }
  fprintf(out, "'\n");
  fprintf(out, "  [host] OMP_STACKSIZE = '%zuK'\n", node.opt.stacksize / 1024);
  fprintf(out, "  [host] OMP_WAIT_POLICY = '%s'\n",
          node.opt.wait == WAIT_ACTIVE ? "ACTIVE" : "PASSIVE");
  fprintf(out, "  [host] OMP_THREAD_LIMIT = '%d'\n", omp_get_thread_limit());
  fprintf(out, "  [host] OMP_MAX_ACTIVE_LEVELS = '%d'\n", node.icv.max_active_levels);
  fprintf(out, "  [host] OMP_NUM_TEAMS = '%d'\n", node.icv.num_teams);
  fprintf(out, "  [host] OMP_TEAMS_THREAD_LIMIT = '%d'\n", node.icv.teams_thread_limit);
  fprintf(out, "  [host] OMP_CANCELLATION = 'FALSE'\n");
  fprintf(out, "  [host] OMP_DEFAULT_DEVICE = '%d'\n", node.icv.default_device);
  fprintf(out, "  [host] OMP_MAX_TASK_PRIORITY = '%d'\n", node.opt.max_task_priority);
  fprintf(out, "  [host] OMP_DISPLAY_AFFINITY = '%s'\n",
          node.opt.display_affinity ? "TRUE" : "FALSE");
  fprintf(out, "  [host] OMP_AFFINITY_FORMAT = '%s'\n", node.icv.affinity_format);
  uintptr_t a = node.icv.default_allocator;
  fprintf(out, "  [host] OMP_ALLOCATOR = '%s'\n", a >= 1 && a <= 8 ? allocators[a] : "custom");
  fprintf(out, "  [host] OMP_TARGET_OFFLOAD = 'DISABLED'\n");
  if (verbose)
    options_print_parade(out);
  fprintf(out, "OPENMP DISPLAY ENVIRONMENT END\n");
}
