/* Double mapping by duplicating the page table entries of a shared anonymous
 * mapping: mremap(old, 0, len, MREMAP_MAYMOVE) makes a second mapping of the
 * same pages. This is the closest to ParADE's mdup() system call. */
#include "vm.h"

#include <errno.h>
#include <sys/mman.h>

static int mremap_map(struct vm *vm, void *base) {
  void *app = mmap(base, vm->size, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE | MAP_NORESERVE, -1, 0);
  if (app == MAP_FAILED)
    return errno == EEXIST ? EADDRINUSE : errno;
  void *sys = mremap(app, 0, vm->size, MREMAP_MAYMOVE);
  if (sys == MAP_FAILED) {
    int err = errno;
    munmap(app, vm->size);
    return err;
  }
  vm->app = app;
  vm->sys = sys;
  return 0;
}

static void mremap_unmap(struct vm *vm) {
  munmap(vm->app, vm->size);
  munmap(vm->sys, vm->size);
}

const struct vm_method_ops vm_mremap_ops = {"mremap", mremap_map, mremap_unmap};
