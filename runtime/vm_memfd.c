/* Double mapping through an anonymous memory file mapped twice. */
#include "vm.h"

#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

static int memfd_map(struct vm *vm, void *base) {
  int fd = memfd_create("parade-pool", MFD_CLOEXEC);
  if (fd < 0)
    return errno;
  if (ftruncate(fd, (off_t)vm->size) != 0) {
    int err = errno;
    close(fd);
    return err;
  }
  void *app = mmap(base, vm->size, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_FIXED_NOREPLACE | MAP_NORESERVE, fd, 0);
  if (app == MAP_FAILED) {
    int err = errno;
    close(fd);
    return err == EEXIST ? EADDRINUSE : err;
  }
  void *sys = mmap(NULL, vm->size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
  if (sys == MAP_FAILED) {
    int err = errno;
    munmap(app, vm->size);
    close(fd);
    return err;
  }
  /* The two mappings keep the file alive; no descriptor is left open in the
   * user's process. */
  close(fd);
  vm->app = app;
  vm->sys = sys;
  return 0;
}

static void memfd_unmap(struct vm *vm) {
  munmap(vm->app, vm->size);
  munmap(vm->sys, vm->size);
}

const struct vm_method_ops vm_memfd_ops = {"memfd", memfd_map, memfd_unmap};
