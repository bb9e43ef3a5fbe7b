/* The statistics report at the end of a job (PARADE_STATS): one line per
 * rank, or one JSON file gathered at rank 0. */
#include "stats_report.h"

#include "comm.h"
#include "error.h"
#include "node.h"
#include "stats.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int format_json(char *buf, size_t cap) {
  size_t len = 0;
  len += (size_t)snprintf(buf + len, cap - len, "{\"rank\": %d, \"threads\": %d", node.rank,
                          node.threads_per_node);
#define STATS_JSON(name)                                                                           \
  if (len < cap)                                                                                   \
    len += (size_t)snprintf(buf + len, cap - len, ", \"" #name "\": %llu",                         \
                            (unsigned long long)atomic_load(&stats_counters.name));
  STATS_COUNTERS(STATS_JSON)
#undef STATS_JSON
  if (len < cap)
    len += (size_t)snprintf(buf + len, cap - len, ", \"runtime_msgs_per_mpi_msg\": %.3f}",
                            atomic_load(&stats_counters.msgs_sent)
                                ? (double)atomic_load(&stats_counters.runtime_msgs_sent) /
                                      (double)atomic_load(&stats_counters.msgs_sent)
                                : 0.0);
  return len < cap ? (int)len : (int)cap - 1;
}

static void print_text(void) {
  char buf[4096];
  size_t len = (size_t)snprintf(buf, sizeof buf, "parade: stats: [rank %d]", node.rank);
#define STATS_TEXT(name)                                                                           \
  if (len < sizeof buf)                                                                            \
    len += (size_t)snprintf(buf + len, sizeof buf - len, " " #name "=%llu",                        \
                            (unsigned long long)atomic_load(&stats_counters.name));
  STATS_COUNTERS(STATS_TEXT)
#undef STATS_TEXT
  fprintf(stderr, "%s\n", buf);
}

void stats_report(void) {
  if (node.opt.stats == STATS_OFF)
    return;
  if (node.opt.stats == STATS_TEXT) {
    /* Ranks print in rank order so the summary reads as a table. */
    for (int r = 0; r < node.size; r++) {
      if (r == node.rank) {
        print_text();
        fflush(stderr);
      }
      if (node.size > 1)
        comm_barrier_world();
    }
    return;
  }
  enum { JSON_CAP = 4096 };
  char mine[JSON_CAP];
  memset(mine, 0, sizeof mine);
  format_json(mine, sizeof mine);
  char *all = NULL;
  if (node.rank == 0 && !(all = calloc((size_t)node.size, JSON_CAP)))
    err_fatal("out of memory gathering statistics");
  if (node.size > 1)
    comm_gather_world(mine, JSON_CAP, all);
  else
    memcpy(all, mine, JSON_CAP);
  if (node.rank != 0)
    return;
  FILE *out = fopen(node.opt.stats_file, "w");
  if (!out) {
    err_warn("cannot write statistics to '%s'", node.opt.stats_file);
  } else {
    fprintf(out, "[\n");
    for (int r = 0; r < node.size; r++)
      fprintf(out, "  %s%s\n", all + (size_t)r * JSON_CAP, r + 1 < node.size ? "," : "");
    fprintf(out, "]\n");
    fclose(out);
  }
  free(all);
}
