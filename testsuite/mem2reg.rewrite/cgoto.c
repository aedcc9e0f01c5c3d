/* Computed goto: a state machine through a table of label addresses
   (all "goto *p" are factored into one block with abnormal edges).  */
/* { dg-do run } */
extern void abort (void);

__attribute__((noinline)) static int
run (const unsigned char *code)
{
  static void *table[] = { &&op_inc, &&op_dbl, &&op_neg, &&op_end };
  int acc = 1, steps = 0;
  goto *table[*code++];
op_inc:
  acc++;
  steps++;
  goto *table[*code++];
op_dbl:
  acc *= 2;
  steps++;
  goto *table[*code++];
op_neg:
  acc = -acc;
  steps++;
  goto *table[*code++];
op_end:
  return acc * 100 + steps;
}

int
main (void)
{
  /* inc dbl inc dbl neg inc end: 1 -> 2 -> 4 -> 5 -> 10 -> -10 -> -9 */
  static const unsigned char prog[] = { 0, 1, 0, 1, 2, 0, 3 };
  if (run (prog) != -9 * 100 + 6)
    abort ();
  return 0;
}
/* { dg-final { mem2reg-rewritten } } */
