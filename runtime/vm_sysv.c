/* Double mapping through System V segments, one per vm segment, each
 * attached twice: in the system view (a reserved range, so that the views
 * of all segments are contiguous) and at the segment's address. Segments
 * are private (IPC_PRIVATE, 0600) and marked for removal as soon as both
 * views are attached, so they disappear at exit and on abort, whatever
 * happens. */
#include "vm.h"

#include <errno.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>

static int sysv_create(struct vm *vm) {
  void *sys = mmap(NULL, vm->size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (sys == MAP_FAILED)
    return errno;
  vm->sys = sys;
  return 0;
}

static int sysv_attach(struct vm *vm, const struct vm_segment *seg, int replace) {
  size_t len = seg->npages << vm->page_shift;
  int shmid = shmget(IPC_PRIVATE, len, IPC_CREAT | IPC_EXCL | 0600 | SHM_NORESERVE);
  if (shmid < 0)
    return errno;
  int err = 0;
  void *sys = shmat(shmid, vm_sys_page(vm, seg->first_page), SHM_REMAP);
  if (sys == (void *)-1) {
    err = errno;
  } else {
    void *app = shmat(shmid, seg->app, replace ? SHM_REMAP : 0);
    if (app == (void *)-1) {
      err = errno == EINVAL ? EADDRINUSE : errno;
      /* Give the system view its reservation back. */
      mmap(sys, len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED | MAP_NORESERVE, -1, 0);
    }
  }
  shmctl(shmid, IPC_RMID, NULL);
  return err;
}

static void sysv_destroy(struct vm *vm) {
  if (vm->attached > 0)
    shmdt(vm->seg[VM_SEG_POOL].app);
  if (vm->sys)
    munmap(vm->sys, vm->size); /* the attached system views with it */
}

const struct vm_method_ops vm_sysv_ops = {"sysv", sysv_create, sysv_attach, sysv_destroy};
