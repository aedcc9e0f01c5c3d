/* A volatile local stays in memory on both sides.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

int vol (int n)	/* { dg-note "'n' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
{
  volatile int v = n;	/* { dg-note "'v' not promoted: volatile; gcc: agrees" } */
  int w = v;	/* { dg-note "'w' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
  return w + v;
}
/* { dg-final { mem2reg-no-unexplained } } */
