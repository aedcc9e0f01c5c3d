/* loops.c - a loop (phis at the loop header), a variable whose address
 * escapes (never promoted), and a switch. */
void use(int *p);

int sum(const int *v, int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}

int escaped(int n)
{
	int x = n;
	use(&x);      /* the address of x is passed to a call */
	return x;
}

int classify(int c)
{
	int k;
	switch (c) {
	case 0: k = 10; break;
	case 1: k = 20; break;
	default: k = -1;
	}
	return k * 2;
}
