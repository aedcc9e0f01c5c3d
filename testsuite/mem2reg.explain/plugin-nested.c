/* A GNU C nested function is named by its own name (inner), not
   outer.inner: explain=inner explains it, and not outer.  */
int
outer (int a)
{
  int inner (int b)
  {
    int z = b;
    if (b)
      z = a;
    return z;
  }
  return inner (a);
}
