/* The kernel's read and write for the runtime's own I/O, and its mmap and
 * munmap for the runtime's own per-thread mappings. A program may define
 * functions named read or write; the runtime must never reach them. MPI
 * libraries hook mmap and munmap to keep their registered memory right
 * (UCX, under MPICH's ch4:ucx, sends every call through one spinlock: 1024
 * threads ending at once spun there for about 50 s on 2 cores); memory the
 * runtime never gives to MPI need not pass through them. */
#ifndef PARADE_SYSIO_H
#define PARADE_SYSIO_H

#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

static inline ssize_t sys_read(int fd, void *buf, size_t count) {
  return (ssize_t)syscall(SYS_read, fd, buf, count);
}
static inline ssize_t sys_write(int fd, const void *buf, size_t count) {
  return (ssize_t)syscall(SYS_write, fd, buf, count);
}
static inline int sys_fstat(int fd, struct stat *st) { return (int)syscall(SYS_fstat, fd, st); }
static inline int sys_ioctl_int(int fd, unsigned long request, int *arg) {
  return (int)syscall(SYS_ioctl, fd, request, arg);
}

static inline void *sys_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off) {
  return (void *)syscall(SYS_mmap, addr, len, prot, flags, fd, off);
}
static inline int sys_munmap(void *addr, size_t len) { return (int)syscall(SYS_munmap, addr, len); }

#endif
