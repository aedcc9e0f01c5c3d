/* Nested functions (GNU C): the static chain CHAIN.N is a parameter of
   the nested function; the outer variables they touch live in a frame.  */
/* { dg-do run } */
/* The trampoline of add needs an executable stack, which ld says.  */
/* { dg-options "-Wl,--no-warn-execstack" } */
extern void abort (void);

__attribute__((noinline)) static int
apply (int (*f) (int), int n)
{
  int s = 0;
  for (int i = 0; i < n; i++)
    s += f (i);
  return s;
}

__attribute__((noinline)) static int
outer (int base)
{
  int calls = 0;
  int add (int x)
  {
    int y = x + base;
    if (y & 1)
      y *= 3;
    calls++;
    return y;
  }
  int r = apply (add, 6);
  return r * 10 + calls;
}

int
main (void)
{
  /* base 2: y = 2,3,4,5,6,7 -> 2+9+4+15+6+21 = 57 */
  if (outer (2) != 576)
    abort ();
  return 0;
}
/* { dg-final { mem2reg-rewritten } } */
