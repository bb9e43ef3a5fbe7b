/* Places and thread affinity in the OpenMP API: each rank's places are
 * the CPUs it may run on (places.c); a thread's affinity is shown in the
 * affinity format. */
#include "../include/omp.h"

#include "node.h"
#include "parade.h"
#include "places.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

omp_proc_bind_t omp_get_proc_bind(void) {
  /* Nested regions are serialized: only the outermost level binds. */
  return parade_level() > 1 ? omp_proc_bind_false : (omp_proc_bind_t)node.places.bind;
}
int omp_get_num_places(void) { return node.places.count; }
int omp_get_place_num_procs(int place_num) { return places_procs(&node.places, place_num, NULL); }
void omp_get_place_proc_ids(int place_num, int *ids) { places_procs(&node.places, place_num, ids); }
int omp_get_place_num(void) { return places_current(); }
/* The partition of every thread is all the rank's places: nested regions,
 * which would partition them, are serialized. */
int omp_get_partition_num_places(void) { return node.places.count; }
void omp_get_partition_place_nums(int *place_nums) {
  for (int i = 0; i < node.places.count; i++)
    place_nums[i] = i;
}

void omp_set_affinity_format(const char *format) {
  snprintf(node.icv.affinity_format, sizeof node.icv.affinity_format, "%s", format ? format : "");
}
size_t omp_get_affinity_format(char *buffer, size_t size) {
  size_t len = strlen(node.icv.affinity_format);
  if (buffer && size) {
    size_t n = len < size - 1 ? len : size - 1;
    memcpy(buffer, node.icv.affinity_format, n);
    buffer[n] = '\0';
  }
  return len;
}

/* Appends to a buffer that may be too small, counting what did not fit. */
struct text {
  char *buf;
  size_t cap, len;
};
static void put(struct text *t, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++, t->len++)
    if (t->buf && t->len + 1 < t->cap)
      t->buf[t->len] = s[i];
}

/* The CPUs the calling thread may run on, as "0-3,6". */
static void thread_affinity(char *out, size_t cap) {
  cpu_set_t set;
  out[0] = '\0';
  if (pthread_getaffinity_np(pthread_self(), sizeof set, &set) != 0)
    return;
  size_t len = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
    if (!CPU_ISSET(cpu, &set))
      continue;
    int last = cpu;
    while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, &set))
      last++;
    int n = last == cpu ? snprintf(out + len, cap - len, "%s%d", len ? "," : "", cpu)
                        : snprintf(out + len, cap - len, "%s%d-%d", len ? "," : "", cpu, last);
    if (n < 0 || (size_t)n >= cap - len)
      return;
    len += (size_t)n;
    cpu = last;
  }
}

/* The value of one field, by its short or long name. */
static int field_value(const char *name, size_t len, char *out, size_t cap) {
  static const struct {
    char short_name;
    const char *long_name;
  } fields[] = {{'t', "team_num"},       {'T', "num_teams"},   {'L', "nesting_level"},
                {'n', "thread_num"},     {'N', "num_threads"}, {'a', "ancestor_tnum"},
                {'H', "host"},           {'P', "process_id"},  {'i', "native_thread_id"},
                {'A', "thread_affinity"}};
  int which = -1;
  for (int k = 0; k < 10; k++)
    if ((len == 1 && name[0] == fields[k].short_name) ||
        (len == strlen(fields[k].long_name) && !strncmp(name, fields[k].long_name, len)))
      which = k;
  switch (which) {
  case 0: snprintf(out, cap, "%d", omp_get_team_num()); break;
  case 1: snprintf(out, cap, "%d", omp_get_num_teams()); break;
  case 2: snprintf(out, cap, "%d", omp_get_level()); break;
  case 3: snprintf(out, cap, "%d", omp_get_thread_num()); break;
  case 4: snprintf(out, cap, "%d", omp_get_num_threads()); break;
  case 5: snprintf(out, cap, "%d", omp_get_ancestor_thread_num(omp_get_level() - 1)); break;
  case 6:
    if (gethostname(out, cap) != 0)
      snprintf(out, cap, "?");
    out[cap - 1] = '\0';
    break;
  case 7: snprintf(out, cap, "%d", (int)getpid()); break;
  case 8: snprintf(out, cap, "%ld", (long)syscall(SYS_gettid)); break;
  case 9: thread_affinity(out, cap); break;
  default: return -1;
  }
  return 0;
}

/* Formats the affinity format @p format: %[0|.][size]type or
 * %[0|.][size]{name}; left-justified by default, right-justified with '.',
 * zero-padded with '0'. An unknown field is copied as written. */
static size_t format_affinity(char *buf, size_t cap, const char *format) {
  struct text t = {buf, cap, 0};
  for (const char *at = format; *at;) {
    if (*at != '%') {
      put(&t, at++, 1);
      continue;
    }
    const char *start = at++;
    if (*at == '%') {
      put(&t, at++, 1);
      continue;
    }
    int zero = 0, right = 0;
    if (*at == '0') {
      zero = right = 1;
      at++;
    }
    if (*at == '.') {
      right = 1;
      at++;
    }
    int width = 0;
    while (*at >= '0' && *at <= '9')
      width = width * 10 + (*at++ - '0');
    const char *name = at;
    size_t len = 1;
    if (*at == '{') {
      name = at + 1;
      const char *close = strchr(name, '}');
      if (!close) {
        put(&t, start, strlen(start));
        break;
      }
      len = (size_t)(close - name);
      at = close + 1;
    } else if (*at) {
      at++;
    } else {
      len = 0;
    }
    char value[1024];
    if (len == 0 || field_value(name, len, value, sizeof value) != 0) {
      put(&t, start, (size_t)(at - start));
      continue;
    }
    size_t vlen = strlen(value);
    size_t pad = (size_t)width > vlen ? (size_t)width - vlen : 0;
    for (size_t i = 0; right && i < pad; i++)
      put(&t, zero ? "0" : " ", 1);
    put(&t, value, vlen);
    for (size_t i = 0; !right && i < pad; i++)
      put(&t, " ", 1);
  }
  if (buf && cap)
    buf[t.len < cap ? t.len : cap - 1] = '\0';
  return t.len;
}

size_t omp_capture_affinity(char *buffer, size_t size, const char *format) {
  return format_affinity(buffer, size, format && *format ? format : node.icv.affinity_format);
}

void omp_display_affinity(const char *format) {
  char line[4096];
  size_t len = omp_capture_affinity(line, sizeof line - 1, format);
  if (len > sizeof line - 2)
    len = sizeof line - 2;
  line[len] = '\n';
  line[len + 1] = '\0';
  fputs(line, stderr); /* as libgomp: the program's standard output stays its own */
}

/* OMP_DISPLAY_AFFINITY: a thread shows its affinity when it enters a
 * region for the first time, and again when its team size or place has
 * changed since. */
static __thread int shown_threads = -1, shown_place = -2;
void affinity_region_entered(void) {
  int threads = omp_get_num_threads(), place = omp_get_place_num();
  if (threads == shown_threads && place == shown_place)
    return;
  shown_threads = threads;
  shown_place = place;
  omp_display_affinity(NULL);
}
