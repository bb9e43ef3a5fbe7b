/* Double mapping by duplicating the page table entries of a shared anonymous
 * mapping: mremap(old, 0, len, MREMAP_MAYMOVE | MREMAP_FIXED, new) makes a
 * second mapping of the same pages at new. This is the closest to ParADE's
 * mdup() system call. */
#include "vm.h"

#include <errno.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static int mremap_create(struct vm *vm) {
  void *sys = mmap(NULL, vm->size, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (sys == MAP_FAILED)
    return errno;
  vm->sys = sys;
  return 0;
}

static int mremap_attach(struct vm *vm, const struct vm_segment *seg, int replace) {
  size_t len = seg->npages << vm->page_shift;
  if (!replace) {
    /* MREMAP_FIXED replaces whatever is there: claim the range first. */
    void *probe = mmap(seg->app, len, PROT_NONE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE | MAP_NORESERVE, -1, 0);
    if (probe == MAP_FAILED)
      return errno == EEXIST ? EADDRINUSE : errno;
    if (probe != seg->app) {
      munmap(probe, len);
      return EADDRINUSE;
    }
  }
  /* The system call itself: a library's mremap hook (MPI transports
   * install them to watch memory) may not pass MREMAP_FIXED's address on. */
  void *app = (void *)syscall(SYS_mremap, vm_sys_page(vm, seg->first_page), (size_t)0, len,
                              MREMAP_MAYMOVE | MREMAP_FIXED, seg->app);
  if (app == MAP_FAILED || app != seg->app) {
    int err = app == MAP_FAILED ? errno : EADDRINUSE;
    if (app != MAP_FAILED)
      munmap(app, len);
    if (!replace)
      munmap(seg->app, len);
    return err;
  }
  return 0;
}

static void mremap_destroy(struct vm *vm) {
  if (vm->attached > 0)
    munmap(vm->seg[VM_SEG_POOL].app, vm->pool_pages << vm->page_shift);
  if (vm->sys)
    munmap(vm->sys, vm->size);
}

const struct vm_method_ops vm_mremap_ops = {"mremap", mremap_create, mremap_attach, mremap_destroy};
