/* main, defined in a header the program's file includes. */
int main(int argc, char **argv) {
  int s = 0;
  printf("start %d\n", argc > 0 && argv[0] != 0);
  run(&s);
  printf("threads-ok %d\n", s - 4950 == omp_get_max_threads());
  return 0;
}
