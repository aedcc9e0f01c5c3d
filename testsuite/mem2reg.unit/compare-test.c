/* compare-test.c - plugin/compare.c's mapping of core blocks to GCC
 * basic blocks (to_bbs), without GCC: a hand-made Bridge.
 *
 * GCC cannot be made to create a block between the plugin's lowering
 * and its reading of GCC's phis (only GCC's "ssa" runs between them, and
 * it adds none: see to_bbs), so the impossible cases are made by hand
 * here: a GCC phi in a block the bridge marked -1 (made after lowering)
 * and a phi in the core's own entry block.  Each must stop with a
 * message naming it (die), never read bb_of_blk[-1].  Run in a child
 * process, whose abort and stderr are checked.
 * Output follows dejagnu.h (PASSED:/FAILED: lines), run by unit.exp.
 */
#include "../../plugin/compare.c"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
/* dejagnu.h defines a wait() of its own: keep it out of <sys/wait.h>'s way. */
#define wait dejagnu_wait
#include <dejagnu.h>
#undef wait

/* Core blocks 0 (the core's entry, no GCC block), 1 = bb 2, 2 = bb 3;
 * one variable without an alloca whose GCC phi is in core block gblk. */
static void mkbridge(Bridge *b, Stats *st, int gblk)
{
	memset(b, 0, sizeof *b);
	memset(st, 0, sizeof *st);
	b->fn = fn_new("t");
	b->err = ""; /* as bridge_lower leaves it: no note */
	for (int i = 0; i < 3; i++)
		fn_blk(b->fn, NULL);
	b->bb_of_blk = aalloc(b->fn->a, 3 * sizeof(int));
	b->bb_of_blk[0] = -1;
	b->bb_of_blk[1] = 2;
	b->bb_of_blk[2] = 3;
	BVar v;
	memset(&v, 0, sizeof v);
	v.name = "x";
	v.alloca = -1;
	v.gcc_ssa = 1;
	v.gcc_nphi = 1;
	v.gcc_phiblk = aalloc(b->fn->a, sizeof(int));
	v.gcc_phiblk[0] = gblk;
	vpush(b->fn->a, b->var, v);
}

/* Run compare_fn in a child on a phi in core block gblk: 0 if it
 * aborted with a message matching want on stderr. */
static int dies(int gblk, const char *want, char *got, size_t n)
{
	int pfd[2];
	got[0] = 0;
	if (pipe(pfd))
		return -1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		dup2(pfd[1], 2);
		close(pfd[0]);
		Bridge b;
		Stats st;
		FnReport r;
		mkbridge(&b, &st, gblk);
		compare_fn(&b, &st, 1, &r);
		_exit(0);
	}
	close(pfd[1]);
	size_t k = 0;
	ssize_t m;
	while (k + 1 < n && (m = read(pfd[0], got + k, n - 1 - k)) > 0)
		k += (size_t)m;
	got[k] = 0;
	close(pfd[0]);
	int status;
	waitpid(pid, &status, 0);
	return WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT && strstr(got, want) ? 0 : 1;
}

int main(void)
{
	Bridge b;
	Stats st;
	FnReport r;
	char got[512];

	mkbridge(&b, &st, 2);
	compare_fn(&b, &st, 1, &r);
	if (r.nvar == 1 && r.var[0].gcc_nphi == 1 && r.var[0].gcc_phibb[0] == 3)
		pass("a GCC phi in core block 2 is in bb 3");
	else
		fail("a GCC phi in core block 2: nvar %d, bb %d", r.nvar,
		     r.nvar ? r.var[0].gcc_phibb[0] : -1);
	fn_free(b.fn);

	if (dies(-1, "a phi in a GCC block made after lowering", got, sizeof got) == 0)
		pass("a GCC phi in a block made after lowering dies naming it");
	else
		fail("a GCC phi in a block made after lowering: stderr '%s'", got);
	if (dies(0, "which has no GCC block", got, sizeof got) == 0)
		pass("a phi in the core's own entry dies naming it");
	else
		fail("a phi in the core's own entry: stderr '%s'", got);
	totals();
	return 0;
}
