// C++: references, a constructor and destructor, a lambda that
// captures by reference, a range-for over an array.
// { dg-do run }
extern "C" void abort ();

struct counter {
  int n;
  counter () : n (0) {}
  ~counter () { n = -1; }
  void bump (int by) { n += by; }
};

__attribute__((noinline)) static int
sum (const int (&a)[5])
{
  int s = 0;
  for (int x : a)
    s += x;
  return s;
}

__attribute__((noinline)) static int
run (int k)
{
  counter c;
  int total = 0;
  auto add = [&] (int v) { total += v; c.bump (1); };
  for (int i = 0; i < k; i++)
    add (i);
  int a[5] = { total, c.n, 1, 2, 3 };
  return sum (a);
}

int
main ()
{
  /* k 4: total 6, c.n 4 */
  if (run (4) != 6 + 4 + 6)
    abort ();
  return 0;
}
// { dg-final { mem2reg-rewritten } }
