/* An asm output is a definition; a memory operand takes the address.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

int as (int n)	/* { dg-note "'n' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
{
  int o, m = n;	/* { dg-note "'o' promoted \\(\[a-z-\]+\\); gcc: agrees" "o" } */
		/* { dg-note "'m' not promoted: address-escaped; gcc: agrees" "m" { target *-*-* } .-1 } */
  __asm__ ("mov %1, %0" : "=r" (o) : "r" (n));
  __asm__ ("" : "+m" (m));
  return o + m;
}
/* { dg-final { mem2reg-no-unexplained } } */
