/* A volatile variable that is never accessed (csmith: the only stores
   are in a branch the front end folds away).  The core deletes the
   unused alloca, as LLVM does; GCC's is_gimple_reg is false for every
   volatile decl: a named difference, not an unexplained one.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

void unused (void)
{
  volatile int v;	/* { dg-note "'v' promoted \\(dead\\); gcc: differs: unused-volatile" } */
}

int folded (int c)	/* { dg-note "'c' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
{
  if (0)
    {
      volatile int w = 1;	/* { dg-note "'w' promoted \\(dead\\); gcc: differs: unused-volatile" } */
      w = c;
    }
  return c;
}

int used (int c)	/* { dg-note "'c' promoted \\(\[a-z-\]+\\); gcc: agrees" "c2" } */
{
  volatile int u = c;	/* { dg-note "'u' not promoted: volatile; gcc: agrees" } */
  return u;
}
/* { dg-final { mem2reg-no-unexplained } } */
/* { dg-final { scan-mem2reg-output "\"name\":\"v\",\"line\":9,\"ours\":true,\"reason\":\"none\",\"path\":\"dead\",\"phi_blocks\":\\\[\\\],\"phis_kept\":0,\"gcc\":false,\"gcc_phi_blocks\":\\\[\\\],\"why\":\"unused-volatile\"" } } */
