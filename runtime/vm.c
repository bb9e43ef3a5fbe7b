#include "vm.h"

#include "error.h"
#include "format.h"

#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static const struct vm_method_ops *method_ops(enum vm_method method) {
  switch (method) {
  case VM_SYSV: return &vm_sysv_ops;
  case VM_MREMAP: return &vm_mremap_ops;
  case VM_MEMFD: default: return &vm_memfd_ops;
  }
}

const char *vm_method_name(enum vm_method method) { return method_ops(method)->name; }

int vm_map(struct vm *vm, uintptr_t base, size_t size, enum vm_method method) {
  memset(vm, 0, sizeof *vm);
  vm->fd = -1;
  vm->shmid = -1;
  vm->page_size = (size_t)sysconf(_SC_PAGESIZE);
  vm->page_shift = (unsigned)__builtin_ctzl(vm->page_size);
  vm->size = (size + vm->page_size - 1) & ~(vm->page_size - 1);
  vm->npages = vm->size >> vm->page_shift;
  vm->method = method;
  int err = method_ops(method)->map(vm, (void *)base);
  if (err)
    return err;
  if (vm->app != (char *)base) {
    method_ops(method)->unmap(vm);
    return EADDRINUSE;
  }
  vm->twins = mmap(NULL, vm->size, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (vm->twins == MAP_FAILED) {
    err = errno;
    method_ops(method)->unmap(vm);
    return err;
  }
  return 0;
}

void vm_unmap(struct vm *vm) {
  if (!vm->app)
    return;
  munmap(vm->twins, vm->size);
  method_ops(vm->method)->unmap(vm);
  vm->app = vm->sys = vm->twins = NULL;
}

void vm_protect(const struct vm *vm, size_t page, size_t count, int prot) {
  if (mprotect(vm_app_page(vm, page), count << vm->page_shift, prot) == 0)
    return;
  int err = errno;
  if (err == ENOMEM)
    err_fatal("mprotect of %zu page(s) failed: too many distinct page protections "
              "(raise vm.max_map_count, now limiting mappings per process)", count);
  err_fatal("mprotect of %zu page(s) at page %zu failed: %s", count, page, fmt_strerror(err));
}
