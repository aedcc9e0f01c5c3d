/* setjmp and longjmp: abnormal edges into the setjmp block; a variable
   changed before the longjmp is volatile (C leaves a non-volatile one
   indeterminate), the others are not changed after setjmp.  Also the
   gimplifier temporaries PR 79432 is about (returns_twice in an
   expression).  */
/* { dg-do run } */
#include <setjmp.h>
extern void abort (void);

static jmp_buf env;
static int depth;

__attribute__((noinline)) static void
jump (int n)
{
  if (n > 2)
    longjmp (env, n);
  depth = n;
}

__attribute__((noinline)) static int
sj (int n)
{
  int k = n * 3;		/* not changed after setjmp */
  volatile int tries = 0;
  int r = setjmp (env);
  if (r)
    return k + r + tries * 100;
  for (int i = 0; i < 5; i++)
    {
      tries++;
      jump (i);
    }
  return -1;
}

__attribute__((noinline)) static int one (void) { return 1; }
int __attribute__((returns_twice)) rt (void);
int rt (void) { return 2; }

__attribute__((noinline)) static int
pr79432 (void)
{
  int a = one () + 2 + (rt () + 1 + rt ());
  return a;
}

int
main (void)
{
  if (sj (4) != 12 + 3 + 400)
    abort ();
  if (depth != 2)
    abort ();
  if (pr79432 () != 8)
    abort ();
  return 0;
}
/* { dg-final { mem2reg-rewritten } } */
