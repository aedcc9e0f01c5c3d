/* setjmp: abnormal edges into the setjmp block.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

#include <setjmp.h>
extern void maybe_longjmp (jmp_buf);
int sj (int n)	/* { dg-note "'n' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
{
  jmp_buf env;	/* { dg-note "'env' not promoted: address-passed; gcc: agrees" } */
  int k = n;	/* { dg-note "'k' promoted \\(general\\), phis in bb \[0-9\]+, bb \[0-9\]+; gcc: agrees" } */
  if (setjmp (env))
    return k;
  k++;
  maybe_longjmp (env);
  return k;
}
/* { dg-final { mem2reg-no-unexplained } } */
