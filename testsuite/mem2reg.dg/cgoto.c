/* Computed goto: GCC factors it through one dispatcher block.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

int cg (int i)	/* { dg-note "'i' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
{
  static void *tab[] = { &&l0, &&l1 };
  int r = 0;	/* { dg-note "'r' promoted \\(general\\), phis in bb \[0-9\]+; gcc: agrees" } */
  goto *tab[i & 1];
 l0:
  r += 1;
 l1:
  r += 2;
  return r;
}
/* { dg-final { mem2reg-no-unexplained } } */
