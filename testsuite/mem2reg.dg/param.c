/* A parameter reassigned on one path: a phi merging the incoming value.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

int param (int p, int q)	/* { dg-note "'p' promoted \\(general\\), phis in bb \[0-9\]+; gcc: agrees" "p" } */
				/* { dg-note "'q' promoted \\(\[a-z-\]+\\); gcc: agrees" "q" { target *-*-* } .-1 } */
{
  if (q > 0)
    p = p * 2;
  return p + q;
}
/* { dg-final { mem2reg-no-unexplained } } */
