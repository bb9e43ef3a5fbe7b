/* A program's config.h: the feature set it needs (Graph500's compat.h). */
#define _XOPEN_SOURCE 600
#define _FILE_OFFSET_BITS 64
