/* Address taken: passed to a call, stored, or folded away by the front
   end (*&c), which leaves c addressable at -O0 only.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

extern void use (int *);
int *keep;
int addr (int n)	/* { dg-note "'n' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
{
  int a = n;	/* { dg-note "'a' not promoted: address-passed; gcc: agrees" } */
  int b = n + 1;	/* { dg-note "'b' not promoted: address-escaped; gcc: agrees" } */
  int c = n + 2;	/* { dg-note "'c' promoted \\(\[a-z-\]+\\); gcc: (agrees|differs: stale-addressable)" } */
  use (&a);
  keep = &b;
  *&c = n;
  return a + b + c;
}
/* { dg-final { mem2reg-no-unexplained } } */
