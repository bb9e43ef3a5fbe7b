/* An assembly source of a C program: answer() returns 42. */
  .text
  .globl answer
  .type answer, @function
answer:
  movl $42, %eax
  ret
  .size answer, .-answer
  .section .note.GNU-stack,"",@progbits
