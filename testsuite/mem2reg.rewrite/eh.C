// C++ exceptions: a variable changed in the try block and read in the
// handler (EH edges), destructors on the way out.
// { dg-do run }
extern "C" void abort ();

static int dtors;
struct guard { int *p; ~guard () { ++*p; ++dtors; } };

__attribute__((noinline)) static int
may_throw (int n)
{
  if (n > 3)
    throw n;
  return n * 2;
}

__attribute__((noinline)) static int
eh (int n)
{
  int r = 0, stage = 0;
  try
    {
      int c = 0;
      guard g = { &c };
      stage = 1;
      r = may_throw (n);
      stage = 2;
      r += c;
    }
  catch (int e)
    {
      r = e * 100 + stage;
    }
  return r;
}

int
main ()
{
  if (eh (2) != 4 || eh (5) != 501 || dtors != 2)
    abort ();
  return 0;
}
// { dg-final { mem2reg-rewritten } }
