/* Double mapping through an anonymous memory file mapped twice. */
#include "vm.h"

#include <errno.h>
#include <sys/mman.h>
#include <unistd.h>

static int memfd_create_views(struct vm *vm) {
  int fd = memfd_create("parade-pool", MFD_CLOEXEC);
  if (fd < 0)
    return errno;
  if (ftruncate(fd, (off_t)vm->size) != 0) {
    int err = errno;
    close(fd);
    return err;
  }
  void *sys = mmap(NULL, vm->size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_NORESERVE, fd, 0);
  if (sys == MAP_FAILED) {
    int err = errno;
    close(fd);
    return err;
  }
  vm->fd = fd; /* closed by vm_map once every segment is attached */
  vm->sys = sys;
  return 0;
}

static int memfd_attach(struct vm *vm, const struct vm_segment *seg, int replace) {
  size_t len = seg->npages << vm->page_shift;
  int fixed = replace ? MAP_FIXED : MAP_FIXED_NOREPLACE;
  void *app = mmap(seg->app, len, PROT_READ | PROT_WRITE, MAP_SHARED | fixed | MAP_NORESERVE,
                   vm->fd, (off_t)(seg->first_page << vm->page_shift));
  if (app == MAP_FAILED)
    return errno == EEXIST ? EADDRINUSE : errno;
  if (app != seg->app) { /* a kernel without MAP_FIXED_NOREPLACE */
    munmap(app, len);
    return EADDRINUSE;
  }
  return 0;
}

static void memfd_destroy(struct vm *vm) {
  if (vm->attached > 0)
    munmap(vm->seg[VM_SEG_POOL].app, vm->pool_pages << vm->page_shift);
  if (vm->sys)
    munmap(vm->sys, vm->size);
  if (vm->fd >= 0)
    close(vm->fd);
  vm->fd = -1;
}

const struct vm_method_ops vm_memfd_ops = {"memfd", memfd_create_views, memfd_attach,
                                           memfd_destroy};
