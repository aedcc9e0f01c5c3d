/* Variables read on paths where they are not set: phis with the
   variable's default definition as an argument; a scope clobber makes
   the variable undefined again in a loop.  Every value the program
   depends on is defined.  */
/* { dg-do run } */
/* { dg-options "-Wno-maybe-uninitialized -Wno-uninitialized" } */
extern void abort (void);

__attribute__((noinline)) static int
f (int c, int x)
{
  int u;
  if (c)
    u = x + 1;
  if (c)
    return u;
  return -1;
}

__attribute__((noinline)) static int
g (int n)
{
  int sum = 0;
  for (int i = 0; i < n; i++)
    {
      int t;			/* undefined at each iteration */
      if (i & 1)
	t = i;
      else
	t = 2 * i;
      sum += t;
    }
  return sum;
}

int
main (void)
{
  if (f (1, 4) != 5 || f (0, 4) != -1)
    abort ();
  if (g (6) != 0 + 1 + 4 + 3 + 8 + 5)
    abort ();
  return 0;
}
/* { dg-final { mem2reg-rewritten } } */
