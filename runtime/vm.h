/* The DSM's shared memory and its two views of the same physical pages.
 *
 *   app  the application view, at fixed addresses, protected page by page;
 *   sys  the system view, always readable and writable, used by the runtime
 *        to install fetched pages and apply diffs, so that no application
 *        thread ever sees a half-updated page.
 *
 * The application view is made of segments: the pool (allocations, at
 * PARADE_POOL_BASE) and the program's shared globals, which the translator
 * puts in the sections parade_data and parade_bss (globals.c finds them).
 * Page numbers run through the segments in order, and the system view and
 * the node-private twin area are laid out by page number: the twin of page
 * i is at twins + i * page_size, so making a twin never allocates.
 *
 * Three double-mapping methods sit behind one contract (vm_methods in vm.c). */
#ifndef PARADE_VM_H
#define PARADE_VM_H

#include "options.h"

#include <stddef.h>
#include <stdint.h>

/* Pages [first_page, first_page + npages) seen by the application at app. */
struct vm_segment {
  char *app;
  size_t first_page;
  size_t npages;
};

enum { VM_SEG_POOL, VM_SEG_DATA, VM_SEG_BSS, VM_MAX_SEGMENTS };

struct vm {
  char *app; /* the pool's application view (segment VM_SEG_POOL) */
  char *sys;
  char *twins;
  size_t size; /* bytes of all segments */
  size_t page_size;
  size_t npages;     /* pages of all segments */
  size_t pool_pages; /* of which the pool's (pages [0, pool_pages)) */
  unsigned page_shift;
  unsigned nseg;
  struct vm_segment seg[VM_MAX_SEGMENTS];
  enum vm_method method;
  unsigned attached; /* segments mapped so far (error paths) */
  int fd;            /* memfd method, while mapping */
};

/* One double-mapping method.
 * create: make vm->size bytes of zeroed shared memory, mapped anywhere as
 *   vm->sys; return 0 or an errno value.
 * attach: map the pages of @p seg at seg->app as well. With @p replace the
 *   range holds the program's own data and is replaced; without, it must
 *   be free (EADDRINUSE otherwise).
 * destroy: undo create and every attach (error paths only). */
struct vm_method_ops {
  const char *name;
  int (*create)(struct vm *vm);
  int (*attach)(struct vm *vm, const struct vm_segment *seg, int replace);
  void (*destroy)(struct vm *vm);
};

extern const struct vm_method_ops vm_memfd_ops;
extern const struct vm_method_ops vm_sysv_ops;
extern const struct vm_method_ops vm_mremap_ops;

/* Map the pool (@p size bytes at @p base) and the program's shared globals
 * with @p method. The globals keep the values they have now. Returns 0 or
 * an errno value. */
int vm_map(struct vm *vm, uintptr_t base, size_t size, enum vm_method method);
const char *vm_method_name(enum vm_method method);

/* Set the application view protection of pages [page, page+count).
 * Fatal on failure (the usual cause is vm.max_map_count). */
void vm_protect(const struct vm *vm, size_t page, size_t count, int prot);

static inline const struct vm_segment *vm_segment_of(const struct vm *vm, const void *addr) {
  for (unsigned i = 0; i < vm->nseg; i++) {
    const struct vm_segment *s = &vm->seg[i];
    if ((uintptr_t)addr - (uintptr_t)s->app < (uintptr_t)s->npages << vm->page_shift)
      return s;
  }
  return NULL;
}
static inline const struct vm_segment *vm_segment_of_page(const struct vm *vm, size_t page) {
  for (unsigned i = 1; i < vm->nseg; i++)
    if (page - vm->seg[i].first_page < vm->seg[i].npages)
      return &vm->seg[i];
  return &vm->seg[VM_SEG_POOL];
}
static inline int vm_contains(const struct vm *vm, const void *addr) {
  return vm_segment_of(vm, addr) != NULL;
}
static inline int vm_in_pool(const struct vm *vm, const void *addr) {
  return (uintptr_t)addr - (uintptr_t)vm->app < (uintptr_t)vm->pool_pages << vm->page_shift;
}
/* Precondition: vm_contains(vm, addr). */
static inline size_t vm_page_of(const struct vm *vm, const void *addr) {
  const struct vm_segment *s = vm_segment_of(vm, addr);
  return s->first_page + ((size_t)((const char *)addr - s->app) >> vm->page_shift);
}
static inline char *vm_app_page(const struct vm *vm, size_t page) {
  const struct vm_segment *s = vm_segment_of_page(vm, page);
  return s->app + ((page - s->first_page) << vm->page_shift);
}
static inline char *vm_sys_page(const struct vm *vm, size_t page) {
  return vm->sys + (page << vm->page_shift);
}
static inline char *vm_twin_page(const struct vm *vm, size_t page) {
  return vm->twins + (page << vm->page_shift);
}
/* The system-view address of an application-view address. */
static inline void *vm_sys_addr(const struct vm *vm, const void *app_addr) {
  return vm_sys_page(vm, vm_page_of(vm, app_addr)) + ((uintptr_t)app_addr & (vm->page_size - 1));
}

#endif
