/* Loops with break and continue.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

int loops (int n)	/* { dg-note "'n' promoted \\(general\\), phis in bb \[0-9\]+; gcc: agrees" } */
{
  int s = 0, i;	/* { dg-note "'s' promoted \\(general\\), phis in bb \[0-9\]+, bb \[0-9\]+, bb \[0-9\]+, bb \[0-9\]+; gcc: agrees" "s" } */
		/* { dg-note "'i' promoted \\(general\\), phis in bb \[0-9\]+; gcc: agrees" "i" { target *-*-* } .-1 } */
  for (i = 0; i < n; i++)
    {
      if (i % 3 == 0)
	continue;
      if (s > 1000)
	break;
      s += i;
    }
  while (n > 0)
    {
      n--;
      if (n == 7)
	break;
      s ^= n;
    }
  do
    s++;
  while (s < 10);
  return s;
}
/* { dg-final { mem2reg-no-unexplained } } */
