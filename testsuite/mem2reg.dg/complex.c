/* _Complex parts: the gimplifier turns part writes into whole writes, and
   the core reads parts as load-then-extract: promoted on both sides.
   GCC 16's gimplifier keeps the part writes at -O0 (REALPART_EXPR <z> =
   a): then neither side promotes z.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

double cplx (double a, double b)	/* { dg-note "'a' promoted \\(\[a-z-\]+\\); gcc: agrees" "a" } */
					/* { dg-note "'b' promoted \\(\[a-z-\]+\\); gcc: agrees" "b" { target *-*-* } .-1 } */
{
  _Complex double z;	/* { dg-note "'z' (promoted \\(\[a-z-\]+\\)|not promoted: partial-access); gcc: agrees" } */
  __real__ z = a;
  __imag__ z = b;
  return __real__ z * __imag__ z;
}
/* { dg-final { mem2reg-no-unexplained } } */
