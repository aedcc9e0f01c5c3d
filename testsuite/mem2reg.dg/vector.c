/* Vector element stores: a partial write the front end marks addressable;
   memory on both sides at -O0, a register on both at -O2.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

typedef int v4si __attribute__ ((vector_size (16)));
int vec (int a, int i)	/* { dg-note "'a' promoted \\(\[a-z-\]+\\); gcc: agrees" "a" } */
			/* { dg-note "'i' promoted \\(\[a-z-\]+\\); gcc: agrees" "i" { target *-*-* } .-1 } */
{
  v4si v = { 0, 0, 0, 0 };	/* { dg-note "'v' (not promoted: partial-access|promoted \\(\[a-z-\]+\\)); gcc: agrees" } */
  v[1] = a;
  return v[1] + v[0];
}
/* { dg-final { mem2reg-no-unexplained } } */
