/* plugin-remarks-nocompare.c - with compare=no the remarks have no
   "; gcc: ..." part and the records say "compared":0.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks -fplugin-arg-mem2reg-compare=no" } */

int max(int a, int b)	/* { dg-bogus "gcc:" } */
			/* { dg-note "'a' promoted \\(\[a-z-\]+\\)" "a" { target *-*-* } .-1 } */
			/* { dg-note "'b' promoted \\(\[a-z-\]+\\)" "b" { target *-*-* } .-2 } */
{
	int r;		/* { dg-bogus "gcc:" } */
			/* { dg-note "'r' promoted \\(general\\), phis in bb \[0-9\]+" "r" { target *-*-* } .-1 } */
	if (a > b)
		r = a;
	else
		r = b;
	return r;
}
/* { dg-final { scan-mem2reg-output {"type":"function",.*"compared":0,} } } */
/* { dg-final { scan-mem2reg-output-not {"compared":1} } } */
