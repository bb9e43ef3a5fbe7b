/* The BOTS harness's way: the application's header declares main's locals
 * and passes their addresses in macros that bots_main.c expands. */
#define BOTS_APP_INIT float **SEQ, **BENCH; int size = 8
#define KERNEL_INIT app_init(&BENCH, &size)
#define KERNEL_CALL app_run(BENCH)
#define KERNEL_CHECK app_check(BENCH)
void app_init(float ***m, int *size);
void app_run(float **m);
int app_check(float **m);
