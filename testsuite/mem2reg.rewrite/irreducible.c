/* An irreducible loop: two entries into one cycle (gotos into the
   middle), so no block of the cycle dominates the other.  */
/* { dg-do run } */
extern void abort (void);

__attribute__((noinline)) static int
irr (int n, int start)
{
  int a = 0, b = 1, k = 0;
  if (start)
    goto second;
first:
  a += b;
  k++;
  if (k >= n)
    goto out;
second:
  b += a + 1;
  k++;
  if (k < n)
    goto first;
out:
  return a * 1000 + b;
}

int
main (void)
{
  /* start 0: a=1 k=1; b=3 k=2; a=4 k=3; b=8 k=4; a=12 k=5 -> out */
  if (irr (5, 0) != 12 * 1000 + 8)
    abort ();
  /* start 1: b=2 k=1; a=2 k=2; b=5 k=3; a=7 k=4; b=13 k=5 -> out */
  if (irr (5, 1) != 7 * 1000 + 13)
    abort ();
  return 0;
}
/* { dg-final { mem2reg-rewritten } } */
