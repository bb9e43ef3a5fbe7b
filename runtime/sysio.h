/* The kernel's read and write for the runtime's own I/O. A program may
 * define functions named read or write; the runtime must never reach them. */
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

#endif
