#include "vm.h"

#include "error.h"
#include "format.h"
#include "globals.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const struct vm_method_ops *method_ops(enum vm_method method) {
  switch (method) {
  case VM_SYSV: return &vm_sysv_ops;
  case VM_MREMAP: return &vm_mremap_ops;
  case VM_MEMFD:
  default: return &vm_memfd_ops;
  }
}

const char *vm_method_name(enum vm_method method) { return method_ops(method)->name; }

static void add_segment(struct vm *vm, char *app, size_t bytes) {
  struct vm_segment *s = &vm->seg[vm->nseg++];
  s->app = app;
  s->first_page = vm->npages;
  s->npages = bytes >> vm->page_shift;
  vm->npages += s->npages;
}

/* Which pages of [begin, begin + npages pages) may hold something other
 * than zeros: those present or swapped out (from /proc/self/pagemap). The
 * range is anonymous memory (beyond the executable's file contents), where
 * a page never touched is zero. NULL if pagemap cannot be read: then every
 * page is copied. */
static uint8_t *pages_in_use(const char *begin, size_t npages, size_t page_size) {
  int fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return NULL;
  uint8_t *used = malloc(npages ? npages : 1);
  uint64_t entries[512];
  size_t done = 0;
  while (used && done < npages) {
    size_t n = npages - done < 512 ? npages - done : 512;
    off_t at = (off_t)(((uintptr_t)begin / page_size + done) * sizeof(uint64_t));
    if (pread(fd, entries, n * sizeof(uint64_t), at) != (ssize_t)(n * sizeof(uint64_t))) {
      free(used);
      used = NULL;
      break;
    }
    for (size_t i = 0; i < n; i++)
      used[done + i] = (entries[i] >> 62) != 0; /* bit 63 present, bit 62 swapped */
    done += n;
  }
  close(fd);
  return used;
}

/* Put the program's globals of @p seg in the shared memory: copy what they
 * hold now (static initialisers, whatever constructors wrote) into the
 * system view, then map the shared pages over them. */
static int attach_globals(struct vm *vm, const struct vm_segment *seg, int sparse) {
  uint8_t *used = sparse ? pages_in_use(seg->app, seg->npages, vm->page_size) : NULL;
  for (size_t i = 0; i < seg->npages; i++)
    if (!used || used[i])
      memcpy(vm_sys_page(vm, seg->first_page + i), seg->app + (i << vm->page_shift), vm->page_size);
  free(used);
  return method_ops(vm->method)->attach(vm, seg, 1);
}

int vm_map(struct vm *vm, uintptr_t base, size_t size, enum vm_method method) {
  memset(vm, 0, sizeof *vm);
  vm->fd = -1;
  vm->page_size = (size_t)sysconf(_SC_PAGESIZE);
  vm->page_shift = (unsigned)__builtin_ctzl(vm->page_size);
  vm->method = method;
  struct globals_range data, bss;
  globals_ranges(vm->page_size, &data, &bss);
  add_segment(vm, (char *)base, (size + vm->page_size - 1) & ~(vm->page_size - 1));
  vm->pool_pages = vm->npages;
  if (data.size)
    add_segment(vm, data.begin, data.size);
  if (bss.size)
    add_segment(vm, bss.begin, bss.size);
  vm->size = vm->npages << vm->page_shift;
  vm->app = vm->seg[VM_SEG_POOL].app;
  const struct vm_method_ops *ops = method_ops(method);
  int err = ops->create(vm);
  if (err)
    return err;
  err = ops->attach(vm, &vm->seg[VM_SEG_POOL], 0);
  for (unsigned i = 1; !err && i < vm->nseg; i++) {
    vm->attached = i;
    err = attach_globals(vm, &vm->seg[i], vm->seg[i].app == bss.begin);
  }
  if (!err)
    vm->attached = vm->nseg;
  if (vm->fd >= 0) {
    /* The mappings keep the file alive; no descriptor is left open in the
     * user's process. */
    close(vm->fd);
    vm->fd = -1;
  }
  if (!err) {
    vm->twins = mmap(NULL, vm->size, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (vm->twins == MAP_FAILED)
      err = errno;
  }
  if (err) {
    /* Globals already replaced cannot be given back: their values are in
     * the system view, which destroy unmaps. Only the pool can fail here
     * in practice (it is attached first). */
    ops->destroy(vm);
    vm->app = vm->sys = vm->twins = NULL;
  }
  return err;
}

void vm_protect(const struct vm *vm, size_t page, size_t count, int prot) {
  while (count > 0) {
    const struct vm_segment *s = vm_segment_of_page(vm, page);
    size_t n = s->first_page + s->npages - page;
    if (n > count)
      n = count;
    if (mprotect(vm_app_page(vm, page), n << vm->page_shift, prot) != 0) {
      int err = errno;
      if (err == ENOMEM)
        err_fatal("mprotect of %zu page(s) failed: too many distinct page protections "
                  "(raise vm.max_map_count, now limiting mappings per process)",
                  n);
      err_fatal("mprotect of %zu page(s) at page %zu failed: %s", n, page, fmt_strerror(err));
    }
    page += n;
    count -= n;
  }
}
