/* Vector registers: whole-vector arithmetic, an element written
   (BIT_INSERT_EXPR at -O2; memory at -O0) and read, in a loop.  */
/* { dg-do run } */
extern void abort (void);
typedef int v4si __attribute__ ((vector_size (16)));

__attribute__((noinline)) static int
vec (int n)
{
  v4si acc = { 0, 1, 2, 3 };
  v4si one = { 1, 1, 1, 1 };
  for (int i = 0; i < n; i++)
    {
      acc += one;
      if (i == 2)
	acc[1] = 100;
    }
  return acc[0] + acc[1] + acc[2] + acc[3];
}

int
main (void)
{
  /* n 4: { 4, 100 + 1, 6, 7 } */
  if (vec (4) != 4 + 101 + 6 + 7)
    abort ();
  return 0;
}
/* { dg-final { mem2reg-rewritten } } */
