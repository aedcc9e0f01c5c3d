/* plugin-remarks.c - the remarks' exact text (doc/plugin.md).  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

void use(int *);

int max(int a, int b)	/* { dg-note "'a' promoted \\(\[a-z-\]+\\); gcc: agrees" "a" } */
			/* { dg-note "'b' promoted \\(\[a-z-\]+\\); gcc: agrees" "b" { target *-*-* } .-1 } */
{
	int r;		/* { dg-note "'r' promoted \\(general\\), phis in bb \[0-9\]+; gcc: agrees" } */
	if (a > b)
		r = a;
	else
		r = b;
	return r;
}

int escaped(int n)	/* { dg-note "'n' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
{
	int x = n;	/* { dg-note "'x' not promoted: address-passed; gcc: agrees" } */
	use(&x);
	return x;
}
/* { dg-final { mem2reg-no-unexplained } } */
