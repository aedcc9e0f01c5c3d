/* Backward and forward goto.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

int g (int n)	/* { dg-note "'n' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
{
  int k = 0;	/* { dg-note "'k' promoted \\(general\\), phis in bb \[0-9\]+, bb \[0-9\]+; gcc: agrees" } */
 again:
  k += n;
  if (k < 100)
    goto again;
  if (k & 1)
    goto out;
  k = -k;
 out:
  return k;
}
/* { dg-final { mem2reg-no-unexplained } } */
