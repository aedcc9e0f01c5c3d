/* Struct and array locals: partial accesses keep them in memory on both
   sides; a struct only ever copied whole is promoted by the core (as LLVM
   promotes first-class aggregates) but never renamed by GCC.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

struct s { int a, b; };
int agg (int n)	/* { dg-note "'n' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
{
  struct s x;	/* { dg-note "'x' not promoted: partial-access; gcc: agrees" } */
  struct s y;	/* { dg-note "'y' not promoted: partial-access; gcc: agrees" } */
  int arr[4];	/* { dg-note "'arr' not promoted: partial-access; gcc: agrees" } */
  x.a = n;
  x.b = n + 1;
  y = x;
  arr[n & 3] = x.b;
  return y.a + arr[0];
}

struct s copy (struct s p, int c)	/* { dg-note "'p' (not promoted: partial-access|promoted \\(\[a-z-\]+\\)); gcc: (agrees|differs: aggregate)" "p" } */
				/* { dg-note "'c' promoted \\(\[a-z-\]+\\); gcc: agrees" "c" { target *-*-* } .-1 } */
{
  struct s t;	/* { dg-note "'t' promoted \\(general\\), phis in bb \[0-9\]+; gcc: differs: aggregate" } */
  t = p;
  if (c)
    t = p;
  return t;
}
/* { dg-final { mem2reg-no-unexplained } } */
