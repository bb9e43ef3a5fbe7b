/* An assembly source that calls into a library linked after it:
 * glue() returns helper(). */
  .text
  .globl glue
  .type glue, @function
glue:
  jmp helper
  .size glue, .-glue
  .section .note.GNU-stack,"",@progbits
