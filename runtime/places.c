#include "places.h"

#include "error.h"
#include "format.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static __thread int current_place = -1;

/* The CPUs of @p cpu's group of kind @p file in sysfs (thread_siblings,
 * core_siblings, a cache level's or a NUMA node's shared_cpu list). */
static int read_cpu_list(const char *path, cpu_set_t *out) {
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  char text[4096];
  size_t n = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  text[n] = '\0';
  CPU_ZERO(out);
  for (char *at = text; *at && *at != '\n';) {
    char *end;
    long lo = strtol(at, &end, 10), hi = lo;
    if (end == at)
      return -1;
    if (*end == '-')
      hi = strtol(end + 1, &end, 10);
    for (long c = lo; c <= hi && c < CPU_SETSIZE; c++)
      CPU_SET((int)c, out);
    at = *end == ',' ? end + 1 : end;
  }
  return 0;
}

/* The CPUs of the NUMA node that holds @p cpu (the CPU alone if none). */
static int numa_node_of(int cpu, cpu_set_t *out) {
  for (int node = 0; node < 1024; node++) {
    char path[96];
    snprintf(path, sizeof path, "/sys/devices/system/node/node%d/cpulist", node);
    if (read_cpu_list(path, out) == 0 && CPU_ISSET(cpu, out))
      return 0;
  }
  CPU_ZERO(out);
  CPU_SET(cpu, out);
  return 0;
}

/* The group of @p cpu for an abstract place name: the file that lists it. */
static int group_of(const char *kind, int cpu, cpu_set_t *out) {
  char path[256];
  if (!strcmp(kind, "cores"))
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", cpu);
  else if (!strcmp(kind, "sockets"))
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/topology/core_siblings_list", cpu);
  else if (!strcmp(kind, "ll_caches"))
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cache/index3/shared_cpu_list", cpu);
  else if (!strcmp(kind, "numa_domains"))
    return numa_node_of(cpu, out);
  else
    path[0] = '\0';
  if (path[0] && read_cpu_list(path, out) == 0)
    return 0;
  CPU_ZERO(out); /* unknown topology: the CPU alone */
  CPU_SET(cpu, out);
  return 0;
}

static void add_place(struct places_state *p, const cpu_set_t *set, const cpu_set_t *allowed) {
  cpu_set_t usable;
  CPU_AND(&usable, set, allowed);
  if (CPU_COUNT(&usable) == 0 || p->count >= PLACES_MAX)
    return; /* a place without a CPU of this rank is dropped, as libgomp does */
  for (int i = 0; i < p->count; i++)
    if (CPU_EQUAL(&p->set[i], &usable))
      return;
  p->set[p->count++] = usable;
}

static int abstract_places(struct places_state *p, const char *spec, const cpu_set_t *allowed) {
  static const char *kinds[] = {"threads", "cores", "sockets", "ll_caches", "numa_domains"};
  for (int k = 0; k < 5; k++) {
    size_t len = strlen(kinds[k]);
    if (strncasecmp(spec, kinds[k], len))
      continue;
    const char *rest = spec + len;
    long limit = PLACES_MAX;
    if (*rest == '(') {
      char *end;
      limit = strtol(rest + 1, &end, 10);
      if (end == rest + 1 || *end != ')' || limit <= 0)
        return -1;
      rest = end + 1;
    }
    while (isspace((unsigned char)*rest))
      rest++;
    if (*rest)
      return -1;
    for (int cpu = 0; cpu < CPU_SETSIZE && p->count < limit; cpu++) {
      if (!CPU_ISSET(cpu, allowed))
        continue;
      cpu_set_t group;
      if (k == 0) {
        CPU_ZERO(&group);
        CPU_SET(cpu, &group);
      } else {
        group_of(kinds[k], cpu, &group);
      }
      add_place(p, &group, allowed);
    }
    snprintf(p->spec, sizeof p->spec, "%s", kinds[k]);
    return 0;
  }
  return 1; /* not an abstract name */
}

static int number(const char **at, long *out) {
  while (isspace((unsigned char)**at))
    (*at)++;
  char *end;
  *out = strtol(*at, &end, 10);
  if (end == *at)
    return -1;
  *at = end;
  while (isspace((unsigned char)**at))
    (*at)++;
  return 0;
}

/* `res[:len[:stride]]` into @p set. */
static int resources(const char **at, cpu_set_t *set) {
  long first, len = 1, stride = 1;
  if (number(at, &first) || first < 0)
    return -1;
  if (**at == ':') {
    (*at)++;
    if (number(at, &len) || len <= 0)
      return -1;
    if (**at == ':') {
      (*at)++;
      if (number(at, &stride))
        return -1;
    }
  }
  for (long i = 0; i < len; i++) {
    long cpu = first + i * stride;
    if (cpu < 0 || cpu >= CPU_SETSIZE)
      return -1;
    CPU_SET((int)cpu, set);
  }
  return 0;
}

/* `{res,...}[:count[:stride]]` places, comma separated. */
static int explicit_places(struct places_state *p, const char *spec, const cpu_set_t *allowed) {
  const char *at = spec;
  for (;;) {
    while (isspace((unsigned char)*at))
      at++;
    cpu_set_t set;
    CPU_ZERO(&set);
    if (*at == '{') {
      at++;
      for (;;) {
        if (resources(&at, &set))
          return -1;
        if (*at == ',') {
          at++;
          continue;
        }
        if (*at != '}')
          return -1;
        at++;
        break;
      }
    } else { /* a place of one resource; `:len:stride` after it is a place interval */
      long cpu;
      if (number(&at, &cpu) || cpu < 0 || cpu >= CPU_SETSIZE)
        return -1;
      CPU_SET((int)cpu, &set);
    }
    long count = 1, stride = 1;
    if (*at == ':') {
      at++;
      if (number(&at, &count) || count <= 0)
        return -1;
      if (*at == ':') {
        at++;
        if (number(&at, &stride))
          return -1;
      }
    }
    for (long k = 0; k < count; k++) {
      cpu_set_t moved;
      CPU_ZERO(&moved);
      for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
        if (CPU_ISSET(cpu, &set)) {
          long to = cpu + k * stride;
          if (to < 0 || to >= CPU_SETSIZE)
            return -1;
          CPU_SET((int)to, &moved);
        }
      add_place(p, &moved, allowed);
    }
    while (isspace((unsigned char)*at))
      at++;
    if (*at == '\0')
      break;
    if (*at != ',')
      return -1;
    at++;
  }
  snprintf(p->spec, sizeof p->spec, "explicit");
  return 0;
}

void places_init(struct places_state *p, const char *spec, int bind) {
  memset(p, 0, sizeof *p);
  p->bind = bind;
  cpu_set_t allowed;
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) {
    CPU_ZERO(&allowed);
    CPU_SET(0, &allowed);
  }
  while (isspace((unsigned char)*spec))
    spec++;
  if (*spec == '\0') {
    if (bind != 0)
      abstract_places(p, "cores", &allowed);
    return;
  }
  int found = abstract_places(p, spec, &allowed);
  if (found == 1) {
    found = explicit_places(p, spec, &allowed);
  }
  if (found != 0 || p->count == 0) {
    err_warn("ignoring invalid value '%s' for OMP_PLACES (no place with a CPU this rank may "
             "use): the places are the cores",
             spec);
    memset(p->set, 0, sizeof p->set);
    p->count = 0;
    abstract_places(p, "cores", &allowed);
  }
}

int places_procs(const struct places_state *p, int place, int *ids) {
  if (place < 0 || place >= p->count)
    return 0;
  int n = 0;
  for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
    if (CPU_ISSET(cpu, &p->set[place])) {
      if (ids)
        ids[n] = cpu;
      n++;
    }
  return n;
}

void places_bind_thread(const struct places_state *p, int local, int local_count) {
  if (p->bind == 0 || p->count == 0 || local_count <= 0)
    return;
  int place;
  switch (p->bind) {
  case 2: place = 0; break; /* primary: where the primary thread is */
  case 4:                   /* spread: threads spaced evenly over the places */
    place = (int)((long)local * p->count / local_count);
    break;
  default: /* true, close: consecutive places, neighbours together when
            * there are more threads than places */
    place =
        local_count <= p->count ? local % p->count : (int)((long)local * p->count / local_count);
    break;
  }
  if (place == current_place)
    return;
  int err = pthread_setaffinity_np(pthread_self(), sizeof p->set[place], &p->set[place]);
  if (err) {
    err_warn("cannot bind thread %d to place %d: %s", local, place, fmt_strerror(err));
    return;
  }
  current_place = place;
}

int places_current(void) { return current_place; }
