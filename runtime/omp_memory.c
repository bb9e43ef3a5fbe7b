/* OpenMP memory management and device memory. Every memory space is the
 * shared heap, the storage OpenMP's sharing rules expect of allocated
 * memory; the host is the only device. */
#include "../include/omp.h"

#include "error.h"
#include "node.h"
#include "parade.h"

#include <errno.h>
#include <limits.h>
#include <string.h>

/* An allocator made by omp_init_allocator: a record on the shared heap,
 * written once, so its handle (the record's address) means the same on
 * every rank. */
struct allocator_record {
  uint64_t magic;
  size_t alignment;
  uintptr_t fallback; /* omp_atv_*_fb */
  uintptr_t fb_data;  /* the fallback allocator of omp_atv_allocator_fb */
};

#define ALLOCATOR_MAGIC 0x70617261616c6c63ull /* "paraallc" */
#define PREDEFINED_LAST omp_thread_mem_alloc

static const struct allocator_record *record_of(omp_allocator_handle_t a) {
  if ((uintptr_t)a <= PREDEFINED_LAST)
    return NULL;
  const struct allocator_record *r = (const struct allocator_record *)(uintptr_t)a;
  if (r->magic != ALLOCATOR_MAGIC)
    err_fatal("%#lx is not an OpenMP allocator (omp_init_allocator made none there)",
              (unsigned long)(uintptr_t)a);
  return r;
}

omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t memspace, int ntraits,
                                          const omp_alloctrait_t traits[]) {
  if ((uintptr_t)memspace > omp_low_lat_mem_space || ntraits < 0)
    return omp_null_allocator;
  struct allocator_record r = {ALLOCATOR_MAGIC, 0, omp_atv_default_mem_fb, 0};
  for (int i = 0; i < ntraits; i++) {
    uintptr_t v = traits[i].value;
    if (v == (uintptr_t)omp_atv_default)
      continue; /* the trait keeps its default */
    switch (traits[i].key) {
    case omp_atk_alignment:
      if (v == 0 || (v & (v - 1)))
        return omp_null_allocator;
      r.alignment = v;
      break;
    case omp_atk_fallback:
      if (v != omp_atv_default_mem_fb && v != omp_atv_null_fb && v != omp_atv_abort_fb &&
          v != omp_atv_allocator_fb)
        return omp_null_allocator;
      r.fallback = v;
      break;
    case omp_atk_fb_data: r.fb_data = v; break;
    case omp_atk_pinned:
      /* Pages of the shared heap move between ranks: they cannot be
       * pinned, and a trait that cannot be met gives no allocator. */
      if (v == omp_atv_true)
        return omp_null_allocator;
      break;
    case omp_atk_sync_hint:
    case omp_atk_access:
    case omp_atk_pool_size: /* accepted, not enforced: see the README */
    case omp_atk_partition: break;
    default: return omp_null_allocator;
    }
  }
  if (r.fallback == omp_atv_allocator_fb && r.fb_data == 0)
    return omp_null_allocator;
  struct allocator_record *shared = parade_malloc(sizeof *shared);
  if (!shared)
    return omp_null_allocator;
  *shared = r;
  return (omp_allocator_handle_t)(uintptr_t)shared;
}

void omp_destroy_allocator(omp_allocator_handle_t allocator) {
  if ((uintptr_t)allocator > PREDEFINED_LAST) {
    struct allocator_record *r = (struct allocator_record *)(uintptr_t)allocator;
    record_of(allocator);
    r->magic = 0;
    parade_free(r);
  }
}

void omp_set_default_allocator(omp_allocator_handle_t allocator) {
  node.icv.default_allocator =
      allocator == omp_null_allocator ? omp_default_mem_alloc : (uintptr_t)allocator;
}
omp_allocator_handle_t omp_get_default_allocator(void) {
  return (omp_allocator_handle_t)node.icv.default_allocator;
}

static void *allocate(size_t alignment, size_t size, omp_allocator_handle_t a, int zero) {
  if (size == 0)
    return NULL;
  if (a == omp_null_allocator)
    a = (omp_allocator_handle_t)node.icv.default_allocator;
  const struct allocator_record *r = record_of(a);
  if (r && r->alignment > alignment)
    alignment = r->alignment;
  void *p;
  if (alignment > 16) {
    p = parade_memalign(alignment, size);
    if (p && zero)
      memset(p, 0, size);
  } else {
    p = zero ? parade_calloc(1, size) : parade_malloc(size);
  }
  if (p || !r)
    return p;
  switch (r->fallback) {
  case omp_atv_null_fb: return NULL;
  case omp_atv_abort_fb:
    err_fatal("an OpenMP allocator with the abort fallback could not allocate %zu bytes", size);
  case omp_atv_allocator_fb:
    return allocate(alignment, size, (omp_allocator_handle_t)r->fb_data, zero);
  default: return allocate(alignment, size, omp_default_mem_alloc, zero);
  }
}

void *omp_alloc(size_t size, omp_allocator_handle_t allocator) {
  return allocate(0, size, allocator, 0);
}
void *omp_aligned_alloc(size_t alignment, size_t size, omp_allocator_handle_t allocator) {
  if (alignment == 0 || (alignment & (alignment - 1)))
    return NULL;
  return allocate(alignment, size, allocator, 0);
}
void *omp_calloc(size_t nmemb, size_t size, omp_allocator_handle_t allocator) {
  if (size && nmemb > SIZE_MAX / size)
    return NULL;
  return allocate(0, nmemb * size, allocator, 1);
}
void *omp_aligned_calloc(size_t alignment, size_t nmemb, size_t size,
                         omp_allocator_handle_t allocator) {
  if (alignment == 0 || (alignment & (alignment - 1)) || (size && nmemb > SIZE_MAX / size))
    return NULL;
  return allocate(alignment, nmemb * size, allocator, 1);
}
void *omp_realloc(void *ptr, size_t size, omp_allocator_handle_t allocator,
                  omp_allocator_handle_t free_allocator) {
  if (!ptr)
    return omp_alloc(size, allocator);
  if (size == 0) {
    omp_free(ptr, free_allocator);
    return NULL;
  }
  /* A null allocator means the one that allocated ptr: its alignment is
   * kept (the block's own, up to a page), its other traits are not known. */
  size_t alignment = 0;
  if (allocator == omp_null_allocator) {
    uintptr_t at = (uintptr_t)ptr;
    alignment = at & -at;
    if (alignment > 4096)
      alignment = 4096;
  }
  void *moved = allocate(alignment, size, allocator, 0);
  if (!moved)
    return NULL; /* the old block is left as it was */
  size_t old = parade_malloc_usable_size(ptr);
  memcpy(moved, ptr, old < size ? old : size);
  omp_free(ptr, free_allocator);
  return moved;
}
void omp_free(void *ptr, omp_allocator_handle_t allocator) {
  (void)allocator;
  parade_free(ptr);
}

/* Device memory: device numbers name the host (omp_initial_device, or
 * omp_get_initial_device(), which is omp_get_num_devices() = 0). */
static int is_host(int device_num) {
  return device_num == omp_initial_device || device_num == omp_get_initial_device();
}

void *omp_target_alloc(size_t size, int device_num) {
  return is_host(device_num) && size ? parade_malloc(size) : NULL;
}
void omp_target_free(void *device_ptr, int device_num) {
  if (is_host(device_num))
    parade_free(device_ptr);
}
int omp_target_is_present(const void *ptr, int device_num) {
  return is_host(device_num) || ptr == NULL;
}
int omp_target_is_accessible(const void *ptr, size_t size, int device_num) {
  (void)ptr;
  (void)size;
  return is_host(device_num);
}
int omp_target_memcpy(void *dst, const void *src, size_t length, size_t dst_offset,
                      size_t src_offset, int dst_device_num, int src_device_num) {
  if (!is_host(dst_device_num) || !is_host(src_device_num) || !dst || !src)
    return EINVAL;
  memmove((char *)dst + dst_offset, (const char *)src + src_offset, length);
  return 0;
}

static void copy_rect(char *dst, const char *src, size_t element_size, int dims,
                      const size_t *volume, const size_t *dst_offsets, const size_t *src_offsets,
                      const size_t *dst_dimensions, const size_t *src_dimensions) {
  size_t dst_stride = element_size, src_stride = element_size;
  for (int k = 1; k < dims; k++) {
    dst_stride *= dst_dimensions[k];
    src_stride *= src_dimensions[k];
  }
  dst += dst_offsets[0] * dst_stride;
  src += src_offsets[0] * src_stride;
  if (dims == 1) {
    memmove(dst, src, volume[0] * element_size);
    return;
  }
  for (size_t i = 0; i < volume[0]; i++)
    copy_rect(dst + i * dst_stride, src + i * src_stride, element_size, dims - 1, volume + 1,
              dst_offsets + 1, src_offsets + 1, dst_dimensions + 1, src_dimensions + 1);
}

int omp_target_memcpy_rect(void *dst, const void *src, size_t element_size, int num_dims,
                           const size_t *volume, const size_t *dst_offsets,
                           const size_t *src_offsets, const size_t *dst_dimensions,
                           const size_t *src_dimensions, int dst_device_num, int src_device_num) {
  if (!dst && !src)
    return INT_MAX; /* the most dimensions supported */
  if (!is_host(dst_device_num) || !is_host(src_device_num) || !dst || !src || num_dims < 1)
    return EINVAL;
  copy_rect(dst, src, element_size, num_dims, volume, dst_offsets, src_offsets, dst_dimensions,
            src_dimensions);
  return 0;
}
/* Associations map host memory onto a device's; the host has none to map. */
int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr, size_t size,
                             size_t device_offset, int device_num) {
  (void)host_ptr, (void)device_ptr, (void)size, (void)device_offset, (void)device_num;
  return EINVAL;
}
int omp_target_disassociate_ptr(const void *ptr, int device_num) {
  (void)ptr, (void)device_num;
  return EINVAL;
}
void *omp_get_mapped_ptr(const void *ptr, int device_num) {
  return is_host(device_num) ? (void *)ptr : NULL;
}
