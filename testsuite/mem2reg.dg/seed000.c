/* Seed 000: both arms store to r; exactly one phi, at the join, on both
   sides.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

int foo (int x)	/* { dg-note "'x' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
{
  int r;	/* { dg-note "'r' promoted \\(general\\), phis in bb \[0-9\]+; gcc: agrees" } */
  if (x > 0)
    r = 1;
  else
    r = -1;
  return r;
}
/* { dg-final { mem2reg-no-unexplained } } */
