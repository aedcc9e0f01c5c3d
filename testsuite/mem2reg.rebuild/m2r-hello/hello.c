/* hello.c - the tiny package of testsuite/mem2reg.rebuild: a few
   functions with locals to promote, and a test its Makefile runs. */
#include <stdio.h>

static int sum_to(int n)
{
	int s = 0;
	for (int i = 1; i <= n; i++)
		s += i;
	return s;
}

static int collatz(int n)
{
	int steps = 0;
	while (n != 1) {
		n = n % 2 ? 3 * n + 1 : n / 2;
		steps++;
	}
	return steps;
}

int main(void)
{
#ifdef M2R_REBUILD_DIFFER
	/* rebuild.exp: the plugin's variant built with this, on purpose */
	printf("differ\n");
#endif
	printf("%d %d\n", sum_to(100), collatz(27));
	return 0;
}
