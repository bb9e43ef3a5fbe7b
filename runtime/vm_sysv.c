/* Double mapping through a System V segment attached twice. The segment is
 * private (IPC_PRIVATE, 0600) and marked for removal as soon as both views
 * are attached, so it disappears at exit and on abort, whatever happens. */
#include "vm.h"

#include <errno.h>
#include <sys/ipc.h>
#include <sys/shm.h>

static int sysv_map(struct vm *vm, void *base) {
  int shmid = shmget(IPC_PRIVATE, vm->size, IPC_CREAT | IPC_EXCL | 0600 | SHM_NORESERVE);
  if (shmid < 0)
    return errno;
  void *app = shmat(shmid, base, 0);
  if (app == (void *)-1) {
    int err = errno;
    shmctl(shmid, IPC_RMID, NULL);
    return err == EINVAL ? EADDRINUSE : err;
  }
  void *sys = shmat(shmid, NULL, 0);
  if (sys == (void *)-1) {
    int err = errno;
    shmdt(app);
    shmctl(shmid, IPC_RMID, NULL);
    return err;
  }
  shmctl(shmid, IPC_RMID, NULL);
  vm->shmid = shmid;
  vm->app = app;
  vm->sys = sys;
  return 0;
}

static void sysv_unmap(struct vm *vm) {
  shmdt(vm->app);
  shmdt(vm->sys);
}

const struct vm_method_ops vm_sysv_ops = {"sysv", sysv_map, sysv_unmap};
