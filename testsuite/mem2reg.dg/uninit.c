/* Set on some paths only, then read.  The core gives the constant to the
   load (LLVM's single-store rule); GCC merges it with the undefined value
   in a phi: a named difference, not an unexplained one.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

int uninit (int c)	/* { dg-note "'c' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
{
  int u;	/* { dg-note "'u' promoted \\(single-store\\); gcc: differs: single-store-constant" } */
  if (c)
    u = 5;
  return u;
}

int uninit2 (int c, int x)	/* { dg-note "'c' promoted \\(\[a-z-\]+\\); gcc: agrees" "c2" } */
				/* { dg-note "'x' promoted \\(\[a-z-\]+\\); gcc: agrees" "x2" { target *-*-* } .-1 } */
{
  int u;	/* { dg-note "'u' promoted \\(general\\), phis in bb \[0-9\]+; gcc: agrees" "u2" } */
  if (c)
    u = x + 1;	/* not a constant: a phi on both sides */
  return u;
}
/* { dg-final { mem2reg-no-unexplained } } */
/* { dg-final { scan-mem2reg-output "\"name\":\"u\",\"line\":8,\"ours\":true,\"reason\":\"none\",\"path\":\"single-store\",\"phi_blocks\":\\\[\\\],\"phis_kept\":0,\"gcc\":true,\"gcc_phi_blocks\":\\\[\"bb \[0-9\]+\"\\\]" } } */
