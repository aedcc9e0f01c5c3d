/* plugin-basic.c - the dump and the JSON Lines records of three small
   functions (the driver adds dump= and output=; see lib/mem2reg-dg.exp).
   Also the input of plugin.exp.  */
/* { dg-final { scan-mem2reg-dump {^;; Function max \(} } } */
/* { dg-final { scan-mem2reg-dump {^;; Function sum \(} } } */
/* { dg-final { scan-mem2reg-dump {^;; lowered IR, before promotion$} } } */
/* { dg-final { scan-mem2reg-dump {^;; promoted IR \(placement pruned\)$} } } */
/* { dg-final { scan-mem2reg-dump {^;; comparison with GCC$} } } */
/* { dg-final { scan-mem2reg-dump {= alloca } } } */
/* { dg-final { scan-mem2reg-dump {^  max +[0-9]+ +[0-9]+ } } } */
/* { dg-final { scan-mem2reg-dump {^      r +[0-9]+  promoted \(general\)} } } */
/* { dg-final { scan-mem2reg-output {^\x7b"type":"function","file":"[^"]*plugin-basic\.c","function":"max",} } } */
/* { dg-final { scan-mem2reg-output {^\x7b"type":"unit","file":"[^"]*plugin-basic\.c","functions":3,} } } */
/* { dg-final { scan-mem2reg-output {"variables":\[\x7b"name":"a","line":17,"ours":true,} } } */
/* { dg-final { mem2reg-no-unexplained } } */

int max(int a, int b)
{
	int r;
	if (a > b)
		r = a;
	else
		r = b;
	return r;
}

int sum(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += i;
	return s;
}

void use(int *);

int escaped(int n)
{
	int x = n;
	use(&x);
	return x;
}
