/* The interop routines of OpenMP 5.2. parade has no foreign runtime (the
 * host is the only device), so the interop construct leaves every interop
 * object omp_interop_none: the queries answer for that object, with the
 * names and descriptions OpenMP gives its properties and return codes. */
#include <stddef.h>

#include <omp.h>

static const char *const property_names[] = {
    "fr_id",    "fr_name", "vendor",         "vendor_name", "device_num",
    "platform", "device",  "device_context", "targetsync",
};

static const char *const property_types[] = {
    "omp_interop_fr_t", "const char *", "int",    "const char *", "int",
    "void *",           "void *",       "void *", "void *",
};

/* The predefined properties are -1 (fr_id) down to omp_ipr_first. */
static int property_index(omp_interop_property_t p) {
  return p <= omp_ipr_fr_id && p >= omp_ipr_first ? -(int)p - 1 : -1;
}

static void empty(int *ret_code) {
  if (ret_code)
    *ret_code = omp_irc_empty;
}

int omp_get_num_interop_properties(const omp_interop_t interop) {
  (void)interop;
  return 0; /* no implementation-defined property */
}

omp_intptr_t omp_get_interop_int(const omp_interop_t interop, omp_interop_property_t property_id,
                                 int *ret_code) {
  (void)interop, (void)property_id;
  empty(ret_code);
  return 0;
}

void *omp_get_interop_ptr(const omp_interop_t interop, omp_interop_property_t property_id,
                          int *ret_code) {
  (void)interop, (void)property_id;
  empty(ret_code);
  return NULL;
}

const char *omp_get_interop_str(const omp_interop_t interop, omp_interop_property_t property_id,
                                int *ret_code) {
  (void)interop, (void)property_id;
  empty(ret_code);
  return NULL;
}

const char *omp_get_interop_name(const omp_interop_t interop, omp_interop_property_t property_id) {
  (void)interop;
  int i = property_index(property_id);
  return i < 0 ? NULL : property_names[i];
}

const char *omp_get_interop_type_desc(const omp_interop_t interop,
                                      omp_interop_property_t property_id) {
  (void)interop;
  int i = property_index(property_id);
  return i < 0 ? NULL : property_types[i];
}

const char *omp_get_interop_rc_desc(const omp_interop_t interop, omp_interop_rc_t ret_code) {
  (void)interop;
  switch (ret_code) {
  case omp_irc_no_value: return "parameters valid, no meaningful value available";
  case omp_irc_success: return "successful, value is usable";
  case omp_irc_empty: return "the interop object is omp_interop_none";
  case omp_irc_out_of_range: return "property index out of range";
  case omp_irc_type_int: return "property type is int";
  case omp_irc_type_ptr: return "property type is pointer";
  case omp_irc_type_str: return "property type is string";
  case omp_irc_other: return "other error";
  }
  return NULL;
}
