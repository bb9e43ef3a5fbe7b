#include "alloc.h"

#include "comm.h"
#include "error.h"
#include "format.h"
#include "node.h"
#include "options.h"
#include "parade.h"
#include "vm.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define SMALL_MAX 2048

static const uint16_t size_classes[] = {16,  32,  48,  64,   80,   96,   112,  128,
                                        160, 192, 224, 256,  320,  384,  448,  512,
                                        640, 768, 896, 1024, 1280, 1536, 1792, 2048};
#define NCLASSES (sizeof size_classes / sizeof size_classes[0])

struct slab {
  struct slab *next, *prev; /* in its class's list of slabs with room */
  size_t page;
  uint16_t size;
  uint16_t capacity;
  uint16_t used;
  uint8_t cls;
  uint64_t free_bits[4]; /* 1 = free; 4096 / 16 = 256 blocks at most */
};

struct free_run {
  struct free_run *next;
  size_t page, count;
};

_Static_assert(NCLASSES == ALLOC_NCLASSES,
               "alloc.h's ALLOC_NCLASSES is the number of size classes");

/* ---- The pool --------------------------------------------------------- */

void alloc_pool_ensure(void) {
  if (__atomic_load_n(&node.alloc.pool_ready, __ATOMIC_ACQUIRE))
    return;
  pthread_mutex_lock(&node.alloc.pool_lock);
  if (!node.alloc.pool_ready) {
    options_read(&node.opt);
    int err = vm_map(&node.vm, node.opt.pool_base, node.opt.pool_size, node.opt.map);
    if (err)
      err_fatal("cannot map the %zu-byte shared pool at %#lx with method %s: %s%s",
                node.opt.pool_size, (unsigned long)node.opt.pool_base, vm_method_name(node.opt.map),
                fmt_strerror(err),
                err == EADDRINUSE ? " (choose another PARADE_POOL_BASE)"
                : err == ENOMEM   ? " (a limit on the address space, such as ulimit -v? each rank "
                                    "maps about three times PARADE_POOL_SIZE: choose a smaller one)"
                                  : "");
    if (node.vm.page_size > 32768)
      err_fatal("page size %zu is not supported", node.vm.page_size);
    __atomic_store_n(&node.alloc.pool_ready, 1, __ATOMIC_RELEASE);
  }
  pthread_mutex_unlock(&node.alloc.pool_lock);
}

/* ---- Static region ---------------------------------------------------- */

void *alloc_static(size_t size, size_t align, const void *init) {
  alloc_pool_ensure();
  if (align < 16)
    align = 16;
  if (align & (align - 1))
    err_fatal("static data alignment %zu is not a power of two", align);
  pthread_mutex_lock(&node.alloc.static_lock);
  size_t offset = (node.alloc.static_used + align - 1) & ~(align - 1);
  if (offset + size < offset || offset + size > node.opt.static_size) {
    pthread_mutex_unlock(&node.alloc.static_lock);
    err_fatal("the static part of the pool is full: %zu bytes needed, %zu of %zu used "
              "(raise PARADE_STATIC_SIZE)",
              size, node.alloc.static_used, node.opt.static_size);
  }
  node.alloc.static_used = offset + size;
  pthread_mutex_unlock(&node.alloc.static_lock);
  char *addr = node.vm.app + offset;
  if (init)
    memcpy(addr, init, size);
  return addr;
}

void *parade_static_alloc(size_t size, size_t align, const void *init) {
  return alloc_static(size, align, init);
}

int parade_is_shared(const void *addr) { return node.vm.app && vm_contains(&node.vm, addr); }

/* ---- Arena set-up ------------------------------------------------------- */

void alloc_heap_init(void) {
  node.alloc.heap_ranks = node.size;
  size_t page = node.vm.page_size;
  size_t heap_first = (node.opt.static_size + page - 1) / page;
  size_t heap_pages = node.vm.pool_pages - heap_first;
  size_t first, count;
  if (node.size == 1) {
    first = heap_first;
    count = heap_pages;
  } else if (node.rank == 0) {
    first = heap_first;
    count = heap_pages / 2;
  } else {
    size_t share = (heap_pages - heap_pages / 2) / (size_t)(node.size - 1);
    first = heap_first + heap_pages / 2 + share * (size_t)(node.rank - 1);
    count = share;
  }
  node.alloc.arena.first_page = first;
  node.alloc.arena.end_page = first + count;
  node.alloc.arena.top = first;
  node.alloc.arena.meta =
      mmap(NULL, node.vm.npages * sizeof *node.alloc.arena.meta, PROT_READ | PROT_WRITE,
           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (node.alloc.arena.meta == MAP_FAILED)
    err_fatal("cannot allocate the shared heap's metadata");
}

static int owner_of_page(size_t page) {
  size_t page_size = node.vm.page_size;
  size_t heap_first = (node.opt.static_size + page_size - 1) / page_size;
  size_t heap_pages = node.vm.pool_pages - heap_first;
  int ranks = node.alloc.heap_ranks;
  if (ranks <= 1 || page < heap_first + heap_pages / 2)
    return 0;
  size_t share = (heap_pages - heap_pages / 2) / (size_t)(ranks - 1);
  size_t r = 1 + (page - heap_first - heap_pages / 2) / share;
  return r >= (size_t)ranks ? ranks - 1 : (int)r;
}

/* ---- Page runs (lock held) ------------------------------------------- */

static size_t arena_free_pages(void) {
  size_t total = node.alloc.arena.end_page - node.alloc.arena.top;
  for (struct free_run *r = node.alloc.arena.runs; r; r = r->next)
    total += r->count;
  return total;
}

static size_t run_alloc(size_t count, size_t align_pages) {
  for (struct free_run **link = &node.alloc.arena.runs; *link; link = &(*link)->next) {
    struct free_run *r = *link;
    size_t start = (r->page + align_pages - 1) / align_pages * align_pages;
    if (start + count > r->page + r->count)
      continue;
    size_t before = start - r->page, after = r->page + r->count - (start + count);
    if (before == 0 && after == 0) {
      *link = r->next;
      free(r);
    } else if (before == 0) {
      r->page += count;
      r->count -= count;
    } else {
      r->count = before;
      if (after) {
        struct free_run *tail = malloc(sizeof *tail);
        if (!tail)
          err_fatal("out of memory in the shared heap's metadata");
        *tail = (struct free_run){r->next, start + count, after};
        r->next = tail;
      }
    }
    return start;
  }
  size_t start = (node.alloc.arena.top + align_pages - 1) / align_pages * align_pages;
  if (start + count > node.alloc.arena.end_page || start + count < start)
    return SIZE_MAX;
  if (start > node.alloc.arena.top) {
    struct free_run *gap = malloc(sizeof *gap);
    if (!gap)
      err_fatal("out of memory in the shared heap's metadata");
    *gap = (struct free_run){NULL, node.alloc.arena.top, start - node.alloc.arena.top};
    struct free_run **link = &node.alloc.arena.runs;
    while (*link)
      link = &(*link)->next;
    *link = gap;
  }
  node.alloc.arena.top = start + count;
  return start;
}

static void run_free(size_t page, size_t count) {
  struct free_run **link = &node.alloc.arena.runs;
  while (*link && (*link)->page < page)
    link = &(*link)->next;
  struct free_run *prev = link == &node.alloc.arena.runs
                              ? NULL
                              : (struct free_run *)((char *)link - offsetof(struct free_run, next));
  struct free_run *next = *link;
  if (prev && prev->page + prev->count == page) {
    prev->count += count;
    if (next && prev->page + prev->count == next->page) {
      prev->count += next->count;
      prev->next = next->next;
      free(next);
    }
  } else if (next && page + count == next->page) {
    next->page = page;
    next->count += count;
  } else {
    struct free_run *r = malloc(sizeof *r);
    if (!r)
      err_fatal("out of memory in the shared heap's metadata");
    *r = (struct free_run){next, page, count};
    *link = r;
  }
  /* Give the top run back to the untouched region. */
  struct free_run **last = &node.alloc.arena.runs;
  while (*last && (*last)->next)
    last = &(*last)->next;
  if (*last && (*last)->page + (*last)->count == node.alloc.arena.top) {
    node.alloc.arena.top = (*last)->page;
    free(*last);
    *last = NULL;
  }
}

/* ---- Blocks ------------------------------------------------------------ */

static void exhausted(size_t size) {
  size_t free_bytes = arena_free_pages() * node.vm.page_size;
  pthread_mutex_unlock(&node.alloc.arena.lock);
  err_fatal("shared heap exhausted: %zu bytes requested, %zu bytes free in rank %d's arena "
            "(raise PARADE_POOL_SIZE, now %zu)",
            size, free_bytes, node.rank, node.opt.pool_size);
}

static int class_for(size_t size, size_t align) {
  for (size_t i = 0; i < NCLASSES; i++) {
    size_t c = size_classes[i];
    if (c >= size && (align <= 16 || (c % align == 0 && (c & (c - 1)) == 0)))
      return (int)i;
  }
  return -1;
}

static void *small_alloc(int cls, size_t size) {
  struct slab *s = node.alloc.arena.partial[cls];
  if (!s) {
    size_t page = run_alloc(1, 1);
    if (page == SIZE_MAX)
      exhausted(size);
    s = calloc(1, sizeof *s);
    if (!s)
      err_fatal("out of memory in the shared heap's metadata");
    s->page = page;
    s->size = size_classes[cls];
    s->cls = (uint8_t)cls;
    s->capacity = (uint16_t)(node.vm.page_size / s->size);
    for (unsigned i = 0; i < s->capacity; i++)
      s->free_bits[i / 64] |= 1ull << (i % 64);
    node.alloc.arena.meta[page] = (uintptr_t)s;
    node.alloc.arena.partial[cls] = s;
  }
  unsigned index = 0;
  for (unsigned w = 0; w < 4; w++) {
    if (s->free_bits[w]) {
      index = w * 64 + (unsigned)__builtin_ctzll(s->free_bits[w]);
      break;
    }
  }
  s->free_bits[index / 64] &= ~(1ull << (index % 64));
  if (++s->used == s->capacity) {
    node.alloc.arena.partial[cls] = s->next;
    if (s->next)
      s->next->prev = NULL;
    s->next = s->prev = NULL;
  }
  return vm_app_page(&node.vm, s->page) + (size_t)index * s->size;
}

static void *block_alloc(size_t size, size_t align) {
  if (size == 0)
    size = 1;
  if (node.forked) {
    /* A child the program forked: the pool is its parent's memory (and
     * the heap's metadata its parent's too), so its blocks are its own. */
    void *p = NULL;
    if (posix_memalign(&p, align < sizeof(void *) ? sizeof(void *) : align, size) != 0) {
      errno = ENOMEM;
      return NULL;
    }
    return p;
  }
  pthread_mutex_lock(&node.alloc.arena.lock);
  void *result;
  int cls = size <= SMALL_MAX && align <= SMALL_MAX ? class_for(size, align) : -1;
  if (cls >= 0) {
    result = small_alloc(cls, size);
  } else {
    size_t page_size = node.vm.page_size;
    size_t count = (size + page_size - 1) / page_size;
    size_t align_pages = align > page_size ? align / page_size : 1;
    size_t page = run_alloc(count, align_pages);
    if (page == SIZE_MAX)
      exhausted(size);
    node.alloc.arena.meta[page] = (uintptr_t)count << 1 | 1;
    result = vm_app_page(&node.vm, page);
  }
  pthread_mutex_unlock(&node.alloc.arena.lock);
  return result;
}

/* Usable size of a block of this rank's arena; 0 if @p addr is not one. */
static size_t local_usable_size(const void *addr) {
  size_t page = vm_page_of(&node.vm, addr);
  pthread_mutex_lock(&node.alloc.arena.lock);
  uintptr_t m = node.alloc.arena.meta[page];
  size_t size = 0;
  if (m & 1)
    size = (size_t)(m >> 1) * node.vm.page_size;
  else if (m)
    size = ((struct slab *)m)->size;
  pthread_mutex_unlock(&node.alloc.arena.lock);
  return size;
}

static void local_free(void *addr) {
  size_t page = vm_page_of(&node.vm, addr);
  pthread_mutex_lock(&node.alloc.arena.lock);
  uintptr_t m = node.alloc.arena.meta[page];
  if (m & 1) {
    if ((char *)addr != vm_app_page(&node.vm, page))
      goto bad;
    node.alloc.arena.meta[page] = 0;
    run_free(page, (size_t)(m >> 1));
  } else if (m) {
    struct slab *s = (struct slab *)m;
    size_t offset = (size_t)((char *)addr - vm_app_page(&node.vm, page));
    unsigned index = (unsigned)(offset / s->size);
    if (offset % s->size || index >= s->capacity ||
        (s->free_bits[index / 64] & (1ull << (index % 64))))
      goto bad;
    s->free_bits[index / 64] |= 1ull << (index % 64);
    if (s->used-- == s->capacity) {
      s->next = node.alloc.arena.partial[s->cls];
      if (s->next)
        s->next->prev = s;
      node.alloc.arena.partial[s->cls] = s;
    }
    if (s->used == 0) {
      if (s->prev)
        s->prev->next = s->next;
      else
        node.alloc.arena.partial[s->cls] = s->next;
      if (s->next)
        s->next->prev = s->prev;
      node.alloc.arena.meta[page] = 0;
      run_free(page, 1);
      free(s);
    }
  } else {
    goto bad;
  }
  pthread_mutex_unlock(&node.alloc.arena.lock);
  return;
bad:
  pthread_mutex_unlock(&node.alloc.arena.lock);
  err_fatal("free() of %p, which is not an allocated shared-heap block", addr);
}

static int heap_address(const void *addr) {
  if (!node.vm.app || !vm_in_pool(&node.vm, addr))
    return 0;
  return (size_t)((const char *)addr - node.vm.app) >= node.opt.static_size;
}

/* ---- Public entry points ---------------------------------------------- */

/* A request no C library could meet (an object larger than PTRDIFF_MAX, an
 * alignment that no address of the pool has) fails as theirs does, with
 * ENOMEM, and before the size is rounded to pages, which could wrap. A size
 * the pool only lacks room for is exhausted()'s clear error instead: a
 * larger PARADE_POOL_SIZE helps there. Precondition: the pool is mapped. */
static int impossible(size_t size, size_t align) {
  return size > PTRDIFF_MAX || align > node.opt.pool_base + node.opt.pool_size;
}

/* ---- Blocks allocated before the heap ------------------------------------
 * A constructor of the program that allocates runs before main, on every
 * rank, before the heap is cut into arenas. Its blocks come from the
 * static part of the pool (at the same address on every rank, as the
 * constructors run alike), after a 16-byte header that keeps the size.
 * They are never freed; realloc moves one to the heap. */

static int early_block(const void *ptr) {
  return node.vm.app && vm_in_pool(&node.vm, ptr) &&
         (size_t)((const char *)ptr - node.vm.app) < node.opt.static_size;
}

static void *early_alloc(size_t size, size_t align) {
  if (align < 16)
    align = 16;
  if (size > SIZE_MAX - align) {
    errno = ENOMEM;
    return NULL;
  }
  /* The header ends where the block starts, at an aligned address. */
  char *block = alloc_static(size + align, align, NULL) + align;
  memcpy(block - 16, &size, sizeof size);
  return block;
}

static size_t early_size(const void *ptr) {
  size_t size;
  memcpy(&size, (const char *)ptr - 16, sizeof size);
  return size;
}

void *parade_malloc(size_t size) {
  alloc_pool_ensure();
  if (node.alloc.arena.end_page == 0)
    return early_alloc(size, 16);
  if (impossible(size, 16)) {
    errno = ENOMEM;
    return NULL;
  }
  return block_alloc(size, 16);
}

void *parade_calloc(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size) {
    errno = ENOMEM;
    return NULL;
  }
  void *p = parade_malloc(count * size);
  if (p)
    memset(p, 0, count * size);
  return p;
}

/* A block the C library allocated for the program (getline's line,
 * realpath's result, ...): not in the pool at all. */
static int libc_block(const void *ptr) { return !node.vm.app || !vm_contains(&node.vm, ptr); }

size_t parade_malloc_usable_size(void *ptr) {
  if (!ptr)
    return 0;
  if (libc_block(ptr))
    return malloc_usable_size(ptr);
  if (early_block(ptr))
    return early_size(ptr);
  if (!heap_address(ptr))
    err_fatal("malloc_usable_size() of %p, which is not a shared-heap block", ptr);
  int owner = owner_of_page(vm_page_of(&node.vm, ptr));
  if (owner == node.rank)
    return local_usable_size(ptr);
  if (node.forked)
    err_fatal("malloc_usable_size() or realloc() in a child process made by fork() of %p, a "
              "block rank %d allocated: the child has no connection to it",
              ptr, owner);
  struct wait_slot *slot = comm_my_slot();
  comm_expect(slot, 1, NULL, 0);
  struct msg_size_req req = {.block = ptr, .slot = comm_slot_index(slot)};
  comm_send(owner, msg_size_req_pack(req), NULL, 0);
  comm_slot_wait(slot);
  return (size_t)slot->value;
}

void parade_free(void *ptr) {
  if (!ptr)
    return;
  if (libc_block(ptr)) {
    free(ptr);
    return;
  }
  if (early_block(ptr) || node.forked) /* a forked child leaves its parent's blocks alone */
    return;
  if (!heap_address(ptr))
    err_fatal("free() of %p, which is not in the shared heap", ptr);
  int owner = owner_of_page(vm_page_of(&node.vm, ptr));
  if (owner == node.rank)
    local_free(ptr);
  else
    comm_send(owner, msg_free_pack((struct msg_free){.block = ptr}), NULL, 0);
}

void *parade_realloc(void *ptr, size_t size) {
  if (!ptr)
    return parade_malloc(size);
  if (size == 0) {
    parade_free(ptr);
    return NULL;
  }
  if (libc_block(ptr)) {
    /* The C library's block moves to the shared heap: what the program
     * grows is then valid on every rank. */
    size_t old = malloc_usable_size(ptr);
    void *fresh = parade_malloc(size);
    if (!fresh)
      return NULL;
    memcpy(fresh, ptr, old < size ? old : size);
    free(ptr);
    return fresh;
  }
  size_t old = parade_malloc_usable_size(ptr);
  /* A forked child's block is its own: its parent's moves. */
  if (size <= old && (old <= SMALL_MAX || size > old / 2) && !node.forked)
    return ptr;
  void *fresh = parade_malloc(size);
  if (!fresh)
    return NULL; /* the old block stays valid, as with realloc(3) */
  memcpy(fresh, ptr, old < size ? old : size);
  parade_free(ptr);
  return fresh;
}

int parade_posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)))
    return EINVAL;
  alloc_pool_ensure();
  if (node.alloc.arena.end_page == 0) {
    void *block = early_alloc(size, alignment);
    if (!block)
      return ENOMEM;
    *out = block;
    return 0;
  }
  if (impossible(size, alignment))
    return ENOMEM;
  void *block = block_alloc(size, alignment);
  if (!block)
    return ENOMEM; /* a forked child's C library ran out */
  *out = block;
  return 0;
}

void *parade_aligned_alloc(size_t alignment, size_t size) {
  void *p = NULL;
  int err =
      parade_posix_memalign(&p, alignment < sizeof(void *) ? sizeof(void *) : alignment, size);
  if (err) {
    errno = err;
    return NULL;
  }
  return p;
}

void *parade_memalign(size_t alignment, size_t size) {
  if (alignment & (alignment - 1)) {
    errno = EINVAL;
    return NULL;
  }
  return parade_aligned_alloc(alignment < 16 ? 16 : alignment, size);
}

void *parade_valloc(size_t size) { return parade_memalign(node.vm.page_size, size); }

void *parade_pvalloc(size_t size) {
  size_t page = node.vm.page_size;
  if (size > SIZE_MAX - page) {
    errno = ENOMEM;
    return NULL;
  }
  return parade_memalign(page, size ? (size + page - 1) & ~(page - 1) : page);
}

void *parade_reallocarray(void *ptr, size_t count, size_t size) {
  if (size && count > SIZE_MAX / size) {
    errno = ENOMEM;
    return NULL;
  }
  return parade_realloc(ptr, count * size);
}

/* Memory a program maps for itself is in one rank's address space: an
 * array it gets from mmap and shares with a region faulted on every other
 * rank (Graph500's xalloc with USE_MMAP_LARGE). With several ranks an
 * anonymous mapping comes from the shared heap, zeroed, and so does a
 * mapping of a file, read from it (the contents a mapping would show). A
 * shared writable one (Graph500's USE_MMAP_LARGE_EXT, a file as large
 * memory) is written back to the file at msync, at munmap and when the
 * program exits, up to the file's size, as the kernel would: the block
 * keeps a descriptor of its own for that (not appending, even where the
 * program's is), and a pristine copy of what it last read or wrote, so
 * that only the bytes the program changed reach the file, not stale ones
 * over what was written to the file since. /dev/zero is anonymous memory;
 * another file that is not a regular one, what the pool cannot hold and a
 * fixed address stay the C library's. */
/* The mappings parade_mmap made from the shared heap: munmap frees one
 * only when it names the whole of it (a program may unmap the head and
 * tail of a larger mapping to align it; those parts just stay). */
enum { MAP_BOUNCE = 1 << 16 };

static struct {
  pthread_mutex_t lock;
  struct mapped {
    char *base;
    size_t length;
    int fd;         /* written back through it; -1: not a shared writable mapping */
    off_t offset;   /* of the file, at base */
    char *pristine; /* with fd: the file's bytes as the mapping last saw them */
  } *all;
  size_t count, cap;
  int exit_hook;
} mapped = {.lock = PTHREAD_MUTEX_INITIALIZER};

/* pwrite all of [buf, buf + length) at @p at. */
static int write_all(int fd, const char *buf, size_t length, off_t at) {
  for (size_t sent = 0; sent < length;) {
    ssize_t put = pwrite(fd, buf + sent, length - sent, at + (off_t)sent);
    if (put < 0 && errno == EINTR)
      continue;
    if (put <= 0)
      return -1;
    sent += (size_t)put;
  }
  return 0;
}

/* Write the bytes of [from, from + length) of mapping @p m that differ from
 * its pristine copy back to its file, no further than the file's end, and
 * take them into the copy. */
static int write_back(const struct mapped *m, char *from, size_t length) {
  struct stat st;
  if (fstat(m->fd, &st) != 0)
    return -1;
  off_t at = m->offset + (off_t)(from - m->base);
  if (at >= st.st_size)
    return 0;
  if ((off_t)length > st.st_size - at)
    length = (size_t)(st.st_size - at);
  char *pristine = m->pristine + (from - m->base);
  /* Through a private buffer: the kernel answers EFAULT where a system
   * call meets a protected page of the pool (see io.c). */
  char bounce[MAP_BOUNCE];
  for (size_t done = 0; done < length;) {
    size_t want = length - done < MAP_BOUNCE ? length - done : MAP_BOUNCE;
    memcpy(bounce, from + done, want);
    /* Runs of changed bytes; gaps shorter than a cache line join them. */
    for (size_t k = 0; k < want;) {
      if (bounce[k] == pristine[done + k]) {
        k++;
        continue;
      }
      size_t end = k + 1, same = 0;
      for (; end < want && same < 64; end++)
        same = bounce[end] == pristine[done + end] ? same + 1 : 0;
      end -= same;
      if (write_all(m->fd, bounce + k, end - k, at + (off_t)(done + k)) != 0)
        return -1;
      memcpy(pristine + done + k, bounce + k, end - k);
      k = end;
    }
    done += want;
  }
  return 0;
}

/* A descriptor of the mapping's own for @p fd, for writing back at an
 * offset: a dup, or the file opened again where @p fd appends (pwrite
 * would append too). -1 with *refused set when @p fd cannot write (mmap
 * itself answers EACCES), with it clear when no descriptor could be had. */
static int own_descriptor(int fd, int *refused) {
  *refused = 0;
  int fl = fcntl(fd, F_GETFL);
  if (fl < 0)
    return -1;
  if ((fl & O_ACCMODE) != O_RDWR) {
    *refused = 1;
    errno = EACCES;
    return -1;
  }
  if (!(fl & O_APPEND))
    return fcntl(fd, F_DUPFD_CLOEXEC, 0);
  char path[64];
  snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
  return open(path, O_WRONLY | O_CLOEXEC);
}

/* At exit (before the job ends: the DSM still serves), the shared writable
 * mappings the program never unmapped reach their files. */
static void write_back_all(void) {
  if (node.forked)
    return; /* the parent's mappings, which the parent writes back */
  pthread_mutex_lock(&mapped.lock);
  for (size_t i = 0; i < mapped.count; i++)
    if (mapped.all[i].fd >= 0 &&
        write_back(&mapped.all[i], mapped.all[i].base, mapped.all[i].length) != 0)
      err_warn("writing a shared mapping back to its file failed: %s", strerror(errno));
  pthread_mutex_unlock(&mapped.lock);
}

static void mapped_add(void *base, size_t length, int fd, off_t offset, char *pristine) {
  pthread_mutex_lock(&mapped.lock);
  if (mapped.count == mapped.cap) {
    size_t cap = mapped.cap ? 2 * mapped.cap : 16;
    struct mapped *grown = realloc(mapped.all, cap * sizeof *grown);
    if (!grown)
      err_fatal("out of memory recording a mapping");
    mapped.all = grown;
    mapped.cap = cap;
  }
  mapped.all[mapped.count++] = (struct mapped){base, length, fd, offset, pristine};
  if (fd >= 0 && !mapped.exit_hook) {
    mapped.exit_hook = 1;
    atexit(write_back_all);
  }
  pthread_mutex_unlock(&mapped.lock);
}

/* 1: @p addr lies in a mapping of the shared heap (freed if the call
 * covers all of it, after a shared writable one is written back); 0: it
 * is not one of them; -1: the write-back failed (errno set). */
static int mapped_remove(void *addr, size_t length) {
  int found = 0, whole = 0, failed = 0, err = 0;
  pthread_mutex_lock(&mapped.lock);
  for (size_t i = 0; i < mapped.count; i++) {
    struct mapped *m = &mapped.all[i];
    if ((char *)addr < m->base || (char *)addr >= m->base + m->length)
      continue;
    found = 1;
    if ((char *)addr == m->base && length >= m->length) {
      whole = 1;
      if (m->fd >= 0) {
        failed = write_back(m, m->base, m->length) != 0;
        err = errno;
        close(m->fd);
        free(m->pristine);
      }
      *m = mapped.all[--mapped.count];
    }
    break;
  }
  pthread_mutex_unlock(&mapped.lock);
  if (whole)
    parade_free(addr);
  if (failed) {
    errno = err;
    return -1;
  }
  return found;
}

void *parade_mmap(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
  int anonymous = (flags & MAP_ANONYMOUS) != 0;
  int file = !anonymous && fd >= 0 && (flags & (MAP_PRIVATE | MAP_SHARED));
  if (node.size <= 1 || !node.dsm_active || addr || (flags & MAP_FIXED) || length == 0 ||
      !(prot & PROT_READ) || (!anonymous && !file))
    return mmap(addr, length, prot, flags, fd, offset);
  if (file) {
    struct stat st;
    if (fstat(fd, &st) != 0)
      return mmap(addr, length, prot, flags, fd, offset); /* its answer (EBADF) */
    if (S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, 5))
      anonymous = 1, file = 0; /* /dev/zero, private or shared: zeroed memory */
    else if (!S_ISREG(st.st_mode))
      return mmap(addr, length, prot, flags, fd, offset);
  }
  int shared_write = file && (flags & MAP_SHARED) && (prot & PROT_WRITE);
  int own_fd = -1;
  char *pristine = NULL;
  if (shared_write) {
    int refused;
    if ((own_fd = own_descriptor(fd, &refused)) < 0) {
      if (refused)
        return MAP_FAILED;
      err_warn("mmap of a file for writing: cannot keep its descriptor (%s); it stays private "
               "to rank %d",
               strerror(errno), node.rank);
      return mmap(addr, length, prot, flags, fd, offset);
    }
    if (!(pristine = malloc(length))) {
      err_warn("mmap of %zu bytes of a file for writing: no memory for its pristine copy; it "
               "stays private to rank %d",
               length, node.rank);
      close(own_fd);
      return mmap(addr, length, prot, flags, fd, offset);
    }
  }
  void *block = parade_memalign(node.vm.page_size, length);
  if (!block) {
    err_warn("mmap of %zu bytes does not fit in the shared pool (PARADE_POOL_SIZE): it stays "
             "private to rank %d",
             length, node.rank);
    if (own_fd >= 0)
      close(own_fd);
    free(pristine);
    return mmap(addr, length, prot, flags, fd, offset);
  }
  if (anonymous) {
    mapped_add(block, length, -1, 0, NULL);
    memset(block, 0, length);
    return block;
  }
  char bounce[MAP_BOUNCE]; /* as in write_back */
  size_t done = 0;
  while (done < length) {
    size_t want = length - done < MAP_BOUNCE ? length - done : MAP_BOUNCE;
    ssize_t got = pread(fd, bounce, want, offset + (off_t)done);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0) {
      int err = errno;
      parade_free(block);
      if (own_fd >= 0)
        close(own_fd);
      free(pristine);
      errno = err;
      return MAP_FAILED;
    }
    if (got == 0) { /* past the end of the file: zeros, as a mapping */
      memset((char *)block + done, 0, length - done);
      break;
    }
    memcpy((char *)block + done, bounce, (size_t)got);
    done += (size_t)got;
  }
  if (pristine)
    memcpy(pristine, block, length);
  mapped_add(block, length, own_fd, offset, pristine);
  return block;
}

int parade_munmap(void *addr, size_t length) {
  if (addr && !libc_block(addr)) {
    int found = mapped_remove(addr, length);
    if (found != 0)
      return found < 0 ? -1 : 0;
  }
  return munmap(addr, length);
}

int parade_msync(void *addr, size_t length, int flags) {
  if (addr && !libc_block(addr)) {
    int found = 0, failed = 0, err = 0;
    pthread_mutex_lock(&mapped.lock);
    for (size_t i = 0; i < mapped.count && !found; i++) {
      struct mapped *m = &mapped.all[i];
      if ((char *)addr < m->base || (char *)addr >= m->base + m->length)
        continue;
      found = 1;
      size_t room = (size_t)(m->base + m->length - (char *)addr);
      if (m->fd >= 0 && write_back(m, addr, length < room ? length : room) != 0) {
        failed = 1;
        err = errno;
      }
    }
    pthread_mutex_unlock(&mapped.lock);
    if (found) {
      errno = err;
      return failed ? -1 : 0;
    }
  }
  return msync(addr, length, flags);
}

/* With _FILE_OFFSET_BITS=64 the C library's headers name the 64-bit entry
 * points, which #pragma redefine_extname does not rename: paradecc links
 * with --wrap for them (translator/driver/paradecc.cpp). */
void *__wrap_mmap64(void *addr, size_t length, int prot, int flags, int fd, off_t offset) {
  return parade_mmap(addr, length, prot, flags, fd, offset);
}

/* alloca: a thread's stack is its rank's alone, so a buffer one thread
 * allocates and others use (Graph500's prefix-sum buffer, made in a
 * single) comes from the shared heap. A block lives until the function
 * that allocated it returns: the translation declares a mark at the top of
 * each function that calls alloca, whose cleanup frees the blocks made
 * since; the runtime does the same around a thread's part of a region
 * (after the join) and around a task. */
struct alloca_block {
  struct alloca_block *below;
  size_t pad; /* the payload keeps the heap's 16-byte alignment */
};
static __thread struct alloca_block *alloca_top;

void *parade_alloca(size_t size) {
  struct alloca_block *b = parade_memalign(16, sizeof *b + size);
  if (!b)
    err_fatal("alloca of %zu bytes: out of shared memory (PARADE_POOL_SIZE)", size);
  b->below = alloca_top;
  alloca_top = b;
  return b + 1;
}

void *parade_alloca_mark(void) { return alloca_top; }

void parade_alloca_release(void **mark) {
  while (alloca_top && alloca_top != *mark) {
    struct alloca_block *b = alloca_top;
    alloca_top = b->below;
    parade_free(b);
  }
}

void *parade_alloc_local(size_t size) { return parade_malloc(size); }

void parade_free_local(void *slot) { parade_free(*(void **)slot); }

char *parade_strdup(const char *text) {
  size_t len = strlen(text) + 1;
  char *copy = parade_malloc(len);
  if (copy)
    memcpy(copy, text, len);
  return copy;
}

char *parade_strndup(const char *text, size_t max) {
  size_t len = strnlen(text, max);
  char *copy = parade_malloc(len + 1);
  if (copy) {
    memcpy(copy, text, len);
    copy[len] = 0;
  }
  return copy;
}

int parade_vasprintf(char **out, const char *format, va_list ap) {
  va_list again;
  va_copy(again, ap);
  int len = vsnprintf(NULL, 0, format, ap);
  if (len < 0) {
    va_end(again);
    return -1;
  }
  char *text = parade_malloc((size_t)len + 1);
  if (!text) {
    va_end(again);
    return -1;
  }
  vsnprintf(text, (size_t)len + 1, format, again);
  va_end(again);
  *out = text;
  return len;
}

/* The environment is rank 0's private memory: a value the program reads
 * in a region on another rank must be on the shared heap. One copy per
 * distinct value (the program may not modify what getenv returns). */
char *parade_getenv(const char *name) {
  char *value = getenv(name);
  if (!value || !node.dsm_active)
    return value; /* P = 1, or before main */
  pthread_mutex_lock(&node.alloc.env_lock);
  char *copy = NULL;
  for (size_t i = 0; i < node.alloc.env_count && !copy; i++)
    if (strcmp(node.alloc.env_copies[i], value) == 0)
      copy = node.alloc.env_copies[i];
  if (!copy) {
    if (node.alloc.env_count == node.alloc.env_cap) {
      size_t cap = node.alloc.env_cap ? 2 * node.alloc.env_cap : 16;
      char **grown = realloc(node.alloc.env_copies, cap * sizeof *grown);
      if (!grown)
        err_fatal("out of memory copying an environment variable");
      node.alloc.env_copies = grown;
      node.alloc.env_cap = cap;
    }
    if (!(copy = parade_strdup(value)))
      err_fatal("out of memory copying an environment variable");
    node.alloc.env_copies[node.alloc.env_count++] = copy;
  }
  pthread_mutex_unlock(&node.alloc.env_lock);
  return copy;
}

int parade_asprintf(char **out, const char *format, ...) {
  va_list ap;
  va_start(ap, format);
  int len = parade_vasprintf(out, format, ap);
  va_end(ap);
  return len;
}

/* ---- Comm thread handlers ---------------------------------------------- */

static void alloc_on_free(int src, const struct msg_hdr *hdr, const void *payload) {
  (void)src, (void)payload;
  local_free(msg_free_unpack(hdr).block);
}

static void alloc_on_size_req(int src, const struct msg_hdr *hdr, const void *payload) {
  (void)payload;
  struct msg_size_req req = msg_size_req_unpack(hdr);
  comm_reply(src, req.slot, local_usable_size(req.block), NULL, 0);
}

void alloc_register_handlers(void) {
  comm_register(MSG_FREE, alloc_on_free);
  comm_register(MSG_SIZE_REQ, alloc_on_size_req);
}
