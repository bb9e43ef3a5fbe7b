/* For driver-inputs.c: a library function an assembly source calls. */
int helper(void) { return 7; }
