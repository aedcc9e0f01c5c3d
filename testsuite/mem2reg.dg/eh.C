// C++ exceptions and a destructor: EH edges are CFG edges on both sides.
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

struct guard { int *p; ~guard () { *p += 1; } };
extern int may_throw (int);
int eh (int n)	/* { dg-note "'n' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
{
  int r = 0;	/* { dg-note "'r' promoted \\(general\\), phis in bb \[0-9\]+; gcc: agrees" } */
  try
    {
      int c = 0;	/* { dg-note "'c' not promoted: address-escaped; gcc: agrees" } */
      guard g = { &c };	/* { dg-note "'g' not promoted: partial-access; gcc: agrees" } */
      r = may_throw (n);
      r += c;
    }
  catch (...)
    {
      r = -1;
    }
  return r;
}
/* { dg-final { mem2reg-no-unexplained } } */
