/* max.c - the README's example in C: r is stored on both arms of the if
 * and read after it, so both mem2reg and GCC give it one phi. */
int max(int a, int b)
{
	int r;
	if (a > b)
		r = a;
	else
		r = b;
	return r;
}
