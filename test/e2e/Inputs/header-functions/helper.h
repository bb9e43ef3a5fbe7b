/* A decoy: inc/kernels.h includes "helper.h", which is inc/helper.h (found
 * next to kernels.h), not this one next to the main file. */
#error the header written into the main file found the wrong helper.h
