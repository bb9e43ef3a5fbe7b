/**
 * @file omp.h
 * @brief The OpenMP API routines, implemented on libparade.
 *
 * paradecc puts this header first on the include path, so translated
 * programs call parade's runtime, where thread numbers and locks span all
 * MPI ranks.
 */
#ifndef PARADE_OMP_H
#define PARADE_OMP_H
/* A system header, as the compiler's own omp.h is: -pedantic (and
 * -Werror) judge the program, not parade's declarations. */
#pragma GCC system_header

/* No header of the C library, as GCC's omp.h: the types are the
 * compiler's (__SIZE_TYPE__ is size_t). */

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A lock; its id names it on every rank. */
typedef struct omp_lock_t {
  __UINT64_TYPE__ id;
} omp_lock_t;

/** @brief A nestable lock: the owner may set it again. */
typedef struct omp_nest_lock_t {
  __UINT64_TYPE__ id;
  __UINT64_TYPE__ owner; /* the owning task (its runtime key), 0 if free */
  int count;
} omp_nest_lock_t;

/** @brief The event of a task with detach: it completes the task when
 *  fulfilled, on the rank that created the task. */
typedef enum omp_event_handle_t { omp_event_handle_max__ = __UINT64_MAX__ } omp_event_handle_t;
/* A depend object (depobj): a storage location and a dependence type. */
typedef struct omp_depend_t {
  void *omp_depend_t_words__[2];
} omp_depend_t;

typedef enum omp_sched_t {
  omp_sched_static = 1,
  omp_sched_dynamic = 2,
  omp_sched_guided = 3,
  omp_sched_auto = 4,
  omp_sched_monotonic = (int)0x80000000u
} omp_sched_t;

typedef enum omp_proc_bind_t {
  omp_proc_bind_false = 0,
  omp_proc_bind_true = 1,
  omp_proc_bind_primary = 2,
  omp_proc_bind_master = omp_proc_bind_primary,
  omp_proc_bind_close = 3,
  omp_proc_bind_spread = 4
} omp_proc_bind_t;

typedef enum omp_sync_hint_t {
  omp_sync_hint_none = 0,
  omp_lock_hint_none = omp_sync_hint_none,
  omp_sync_hint_uncontended = 1,
  omp_lock_hint_uncontended = omp_sync_hint_uncontended,
  omp_sync_hint_contended = 2,
  omp_lock_hint_contended = omp_sync_hint_contended,
  omp_sync_hint_nonspeculative = 4,
  omp_lock_hint_nonspeculative = omp_sync_hint_nonspeculative,
  omp_sync_hint_speculative = 8,
  omp_lock_hint_speculative = omp_sync_hint_speculative
} omp_sync_hint_t;
typedef omp_sync_hint_t omp_lock_hint_t;

typedef enum omp_pause_resource_t { omp_pause_soft = 1, omp_pause_hard = 2 } omp_pause_resource_t;

typedef __UINTPTR_TYPE__ omp_uintptr_t;

/* Memory spaces and allocators: every one gives memory of the shared heap
 * (valid on all ranks), the storage OpenMP's default sharing expects. */
typedef enum omp_memspace_handle_t {
  omp_default_mem_space = 0,
  omp_large_cap_mem_space = 1,
  omp_const_mem_space = 2,
  omp_high_bw_mem_space = 3,
  omp_low_lat_mem_space = 4,
  parade_memspace_handle_max = __UINTPTR_MAX__
} omp_memspace_handle_t;

typedef enum omp_allocator_handle_t {
  omp_null_allocator = 0,
  omp_default_mem_alloc = 1,
  omp_large_cap_mem_alloc = 2,
  omp_const_mem_alloc = 3,
  omp_high_bw_mem_alloc = 4,
  omp_low_lat_mem_alloc = 5,
  omp_cgroup_mem_alloc = 6,
  omp_pteam_mem_alloc = 7,
  omp_thread_mem_alloc = 8,
  parade_allocator_handle_max = __UINTPTR_MAX__
} omp_allocator_handle_t;

typedef enum omp_alloctrait_key_t {
  omp_atk_sync_hint = 1,
  omp_atk_alignment = 2,
  omp_atk_access = 3,
  omp_atk_pool_size = 4,
  omp_atk_fallback = 5,
  omp_atk_fb_data = 6,
  omp_atk_pinned = 7,
  omp_atk_partition = 8
} omp_alloctrait_key_t;

typedef enum omp_alloctrait_value_t {
  omp_atv_default = -1,
  omp_atv_false = 0,
  omp_atv_true = 1,
  omp_atv_contended = 3,
  omp_atv_uncontended = 4,
  omp_atv_serialized = 5,
  omp_atv_sequential = omp_atv_serialized,
  omp_atv_private = 6,
  omp_atv_all = 7,
  omp_atv_thread = 8,
  omp_atv_pteam = 9,
  omp_atv_cgroup = 10,
  omp_atv_default_mem_fb = 11,
  omp_atv_null_fb = 12,
  omp_atv_abort_fb = 13,
  omp_atv_allocator_fb = 14,
  omp_atv_environment = 15,
  omp_atv_nearest = 16,
  omp_atv_blocked = 17,
  omp_atv_interleaved = 18
} omp_alloctrait_value_t;

typedef struct omp_alloctrait_t {
  omp_alloctrait_key_t key;
  omp_uintptr_t value;
} omp_alloctrait_t;

typedef enum omp_control_tool_result_t {
  omp_control_tool_notool = -2,
  omp_control_tool_nocallback = -1,
  omp_control_tool_success = 0,
  omp_control_tool_ignored = 1
} omp_control_tool_result_t;

typedef enum omp_control_tool_t {
  omp_control_tool_start = 1,
  omp_control_tool_pause = 2,
  omp_control_tool_flush = 3,
  omp_control_tool_end = 4
} omp_control_tool_t;

/** @brief The device number of the host (no accelerator: devices are 0). */
#define omp_initial_device (-1)
#define omp_invalid_device (-2)

int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
void omp_set_num_threads(int num_threads);
int omp_get_num_procs(void);
int omp_in_parallel(void);
int omp_get_level(void);
int omp_get_active_level(void);
int omp_get_nested(void);
void omp_set_nested(int nested);
void omp_set_dynamic(int dynamic);
int omp_get_dynamic(void);
int omp_get_thread_limit(void);
double omp_get_wtime(void);
double omp_get_wtick(void);
void omp_get_schedule(omp_sched_t *kind, int *chunk);
void omp_set_schedule(omp_sched_t kind, int chunk);

int omp_in_final(void);
int omp_get_team_size(int level);
int omp_get_ancestor_thread_num(int level);
int omp_get_max_active_levels(void);
void omp_set_max_active_levels(int levels);
int omp_get_supported_active_levels(void);
int omp_get_max_task_priority(void);
int omp_get_cancellation(void);
void omp_fulfill_event(omp_event_handle_t event);
int omp_get_num_teams(void);
int omp_get_team_num(void);
int omp_get_num_devices(void);
int omp_get_default_device(void);
void omp_set_default_device(int device);
int omp_is_initial_device(void);
int omp_get_initial_device(void);

int omp_in_explicit_task(void);
int omp_get_device_num(void);
int omp_pause_resource(omp_pause_resource_t kind, int device_num);
int omp_pause_resource_all(omp_pause_resource_t kind);
void omp_set_num_teams(int num_teams);
int omp_get_max_teams(void);
void omp_set_teams_thread_limit(int thread_limit);
int omp_get_teams_thread_limit(void);
omp_control_tool_result_t omp_control_tool(int command, int modifier, void *arg);

/* Places and affinity: the places are the cores of the calling rank. */
omp_proc_bind_t omp_get_proc_bind(void);
int omp_get_num_places(void);
int omp_get_place_num_procs(int place_num);
void omp_get_place_proc_ids(int place_num, int *ids);
int omp_get_place_num(void);
int omp_get_partition_num_places(void);
void omp_get_partition_place_nums(int *place_nums);
void omp_set_affinity_format(const char *format);
__SIZE_TYPE__ omp_get_affinity_format(char *buffer, __SIZE_TYPE__ size);
void omp_display_affinity(const char *format);
__SIZE_TYPE__ omp_capture_affinity(char *buffer, __SIZE_TYPE__ size, const char *format);
void omp_display_env(int verbose);

/* Memory management: allocators give shared memory. */
omp_allocator_handle_t omp_init_allocator(omp_memspace_handle_t memspace, int ntraits,
                                          const omp_alloctrait_t traits[]);
void omp_destroy_allocator(omp_allocator_handle_t allocator);
void omp_set_default_allocator(omp_allocator_handle_t allocator);
omp_allocator_handle_t omp_get_default_allocator(void);
void *omp_alloc(__SIZE_TYPE__ size, omp_allocator_handle_t allocator);
void *omp_aligned_alloc(__SIZE_TYPE__ alignment, __SIZE_TYPE__ size,
                        omp_allocator_handle_t allocator);
void *omp_calloc(__SIZE_TYPE__ nmemb, __SIZE_TYPE__ size, omp_allocator_handle_t allocator);
void *omp_aligned_calloc(__SIZE_TYPE__ alignment, __SIZE_TYPE__ nmemb, __SIZE_TYPE__ size,
                         omp_allocator_handle_t allocator);
void *omp_realloc(void *ptr, __SIZE_TYPE__ size, omp_allocator_handle_t allocator,
                  omp_allocator_handle_t free_allocator);
void omp_free(void *ptr, omp_allocator_handle_t allocator);

/* Device memory with the host as the only device (device number
 * omp_get_initial_device()). */
void *omp_target_alloc(__SIZE_TYPE__ size, int device_num);
void omp_target_free(void *device_ptr, int device_num);
int omp_target_is_present(const void *ptr, int device_num);
int omp_target_is_accessible(const void *ptr, __SIZE_TYPE__ size, int device_num);
int omp_target_memcpy(void *dst, const void *src, __SIZE_TYPE__ length, __SIZE_TYPE__ dst_offset,
                      __SIZE_TYPE__ src_offset, int dst_device_num, int src_device_num);
int omp_target_memcpy_rect(void *dst, const void *src, __SIZE_TYPE__ element_size, int num_dims,
                           const __SIZE_TYPE__ *volume, const __SIZE_TYPE__ *dst_offsets,
                           const __SIZE_TYPE__ *src_offsets, const __SIZE_TYPE__ *dst_dimensions,
                           const __SIZE_TYPE__ *src_dimensions, int dst_device_num,
                           int src_device_num);
int omp_target_associate_ptr(const void *host_ptr, const void *device_ptr, __SIZE_TYPE__ size,
                             __SIZE_TYPE__ device_offset, int device_num);
int omp_target_disassociate_ptr(const void *ptr, int device_num);
void *omp_get_mapped_ptr(const void *ptr, int device_num);

/* Interoperability with foreign runtimes: parade has none (the host is
 * the only device), so an interop object is always omp_interop_none. */
typedef __INTPTR_TYPE__ omp_intptr_t;
typedef void *omp_interop_t;
#define omp_interop_none ((omp_interop_t)0)
typedef enum omp_interop_property_t {
  omp_ipr_fr_id = -1,
  omp_ipr_fr_name = -2,
  omp_ipr_vendor = -3,
  omp_ipr_vendor_name = -4,
  omp_ipr_device_num = -5,
  omp_ipr_platform = -6,
  omp_ipr_device = -7,
  omp_ipr_device_context = -8,
  omp_ipr_targetsync = -9,
  omp_ipr_first = -9
} omp_interop_property_t;
typedef enum omp_interop_rc_t {
  omp_irc_no_value = 1,
  omp_irc_success = 0,
  omp_irc_empty = -1,
  omp_irc_out_of_range = -2,
  omp_irc_type_int = -3,
  omp_irc_type_ptr = -4,
  omp_irc_type_str = -5,
  omp_irc_other = -6
} omp_interop_rc_t;
typedef enum omp_interop_fr_t {
  omp_ifr_cuda = 1,
  omp_ifr_cuda_driver = 2,
  omp_ifr_opencl = 3,
  omp_ifr_sycl = 4,
  omp_ifr_hip = 5,
  omp_ifr_level_zero = 6,
  omp_ifr_last = 7
} omp_interop_fr_t;
int omp_get_num_interop_properties(const omp_interop_t interop);
omp_intptr_t omp_get_interop_int(const omp_interop_t interop, omp_interop_property_t property_id,
                                 int *ret_code);
void *omp_get_interop_ptr(const omp_interop_t interop, omp_interop_property_t property_id,
                          int *ret_code);
const char *omp_get_interop_str(const omp_interop_t interop, omp_interop_property_t property_id,
                                int *ret_code);
const char *omp_get_interop_name(const omp_interop_t interop, omp_interop_property_t property_id);
const char *omp_get_interop_type_desc(const omp_interop_t interop,
                                      omp_interop_property_t property_id);
const char *omp_get_interop_rc_desc(const omp_interop_t interop, omp_interop_rc_t ret_code);

void omp_init_lock(omp_lock_t *lock);
void omp_init_lock_with_hint(omp_lock_t *lock, omp_sync_hint_t hint);
void omp_destroy_lock(omp_lock_t *lock);
void omp_set_lock(omp_lock_t *lock);
void omp_unset_lock(omp_lock_t *lock);
int omp_test_lock(omp_lock_t *lock);

void omp_init_nest_lock(omp_nest_lock_t *lock);
void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_sync_hint_t hint);
void omp_destroy_nest_lock(omp_nest_lock_t *lock);
void omp_set_nest_lock(omp_nest_lock_t *lock);
void omp_unset_nest_lock(omp_nest_lock_t *lock);
int omp_test_nest_lock(omp_nest_lock_t *lock);

#ifdef __cplusplus
}
#endif
#endif /* PARADE_OMP_H */
