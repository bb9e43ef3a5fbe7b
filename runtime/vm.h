/* The DSM pool and its two views of the same physical memory.
 *
 *   app  the application view, at a fixed address, protected page by page;
 *   sys  the system view, always readable and writable, used by the runtime
 *        to install fetched pages and apply diffs, so that no application
 *        thread ever sees a half-updated page.
 *
 * Three double-mapping methods sit behind one contract (vm_methods in vm.c).
 * The node-private twin area is laid out like the pool: the twin of page i
 * is at twins + i * page_size, so making a twin never allocates. */
#ifndef PARADE_VM_H
#define PARADE_VM_H

#include "options.h"

#include <stddef.h>
#include <stdint.h>

struct vm {
  char *app;
  char *sys;
  char *twins;
  size_t size;
  size_t page_size;
  size_t npages;
  unsigned page_shift;
  enum vm_method method;
  int fd;    /* memfd method */
  int shmid; /* sysv method, already marked for removal */
};

/* One double-mapping method. map: create @p vm->size bytes of zeroed shared
 * memory and map it at exactly @p base (app) and anywhere (sys); return 0 or
 * an errno value. unmap: undo it. */
struct vm_method_ops {
  const char *name;
  int (*map)(struct vm *vm, void *base);
  void (*unmap)(struct vm *vm);
};

extern const struct vm_method_ops vm_memfd_ops;
extern const struct vm_method_ops vm_sysv_ops;
extern const struct vm_method_ops vm_mremap_ops;

/* Reserve the pool at @p base with @p method. Returns 0 or an errno value. */
int vm_map(struct vm *vm, uintptr_t base, size_t size, enum vm_method method);
void vm_unmap(struct vm *vm);
const char *vm_method_name(enum vm_method method);

/* Set the application view protection of pages [page, page+count).
 * Fatal on failure (the usual cause is vm.max_map_count). */
void vm_protect(const struct vm *vm, size_t page, size_t count, int prot);

static inline int vm_contains(const struct vm *vm, const void *addr) {
  return (const char *)addr >= vm->app && (const char *)addr < vm->app + vm->size;
}
static inline size_t vm_page_of(const struct vm *vm, const void *addr) {
  return (size_t)((const char *)addr - vm->app) >> vm->page_shift;
}
static inline char *vm_app_page(const struct vm *vm, size_t page) {
  return vm->app + (page << vm->page_shift);
}
static inline char *vm_sys_page(const struct vm *vm, size_t page) {
  return vm->sys + (page << vm->page_shift);
}
static inline char *vm_twin_page(const struct vm *vm, size_t page) {
  return vm->twins + (page << vm->page_shift);
}
/* The system-view address of an application-view address. */
static inline void *vm_sys_addr(const struct vm *vm, const void *app_addr) {
  return vm->sys + ((const char *)app_addr - vm->app);
}

#endif
