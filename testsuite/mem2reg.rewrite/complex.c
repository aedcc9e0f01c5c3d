/* Complex registers: parts written one at a time (full stores after
   gimplification), read, and the whole value across a loop.  */
/* { dg-do run } */
extern void abort (void);

__attribute__((noinline)) static double
cplx (double a, double b, int n)
{
  _Complex double z;
  __real__ z = a;
  __imag__ z = b;
  for (int i = 0; i < n; i++)
    z = z * 2.0 + 1.0;
  return __real__ z * 10.0 + __imag__ z;
}

int
main (void)
{
  /* n 2: re 1 -> 3 -> 7, im 2 -> 4 -> 8 */
  if (cplx (1.0, 2.0, 2) != 78.0)
    abort ();
  return 0;
}
/* { dg-final { mem2reg-rewritten } } */
