/* A recursion that needs 4 KiB of stack a level and is never a tail call:
 * the stack tests size a thread's stack in levels of it. */
#ifndef PARADE_TEST_DEEP_STACK_H
#define PARADE_TEST_DEEP_STACK_H

static int recurse(int depth) {
  volatile char frame[4096];
  frame[0] = (char)depth;
  if (depth == 0)
    return frame[0];
  return recurse(depth - 1) + frame[0];
}

#endif
