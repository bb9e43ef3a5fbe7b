// A program without OpenMP keeps its behaviour: only main is wrapped.
//
// RUN: %translate %s -- | grep -v "^//" | FileCheck %s
// CHECK: int parade_user_main(int argc, char **argv) {
// CHECK-NEXT:   return argc > 1 ? 3 : 0;
int main(int argc, char **argv) {
  return argc > 1 ? 3 : 0;
}
