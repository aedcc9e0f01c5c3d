/* The course notes' eight-block graph (examples/explain/eight.ll) in C,
   with goto labels: n1 -> n2; n2 -> n3, n4; n3 -> n7; n4 -> n5, n6;
   n5 -> n7; n6 -> n4 (a back edge); n7 -> n8.  x is declared in n2 and
   assigned in n3 and n4.  GCC's blocks (the dump's bbN, <bb N> in GCC's
   dumps) and the core's: n1 is the core's entry block, n2 bb2, n3 bb3,
   bb4 an empty block GCC keeps in front of the loop n4, n4 bb5, n5 bb6,
   n6 bb7, n7 with n8 (one block in C: the return) bb8.  So DF(bb5) = {bb5, bb8}:
   the back edge bb7 -> bb5 puts the loop's header into its own frontier,
   as n4 is in DF(n4).  plugin-explain.exp checks the explanation.  */
extern void g (void);

int
eight (int c1, int c2, int a, int b)
{
  int x;
  if (c1)
    goto n3;
  goto n4;
n3:
  x = a;
  goto n7;
n4:
  x = b;
  if (c2)
    goto n5;
  goto n6;
n5:
  goto n7;
n6:
  g ();
  goto n4;
n7:
  return x;
}

/* Not asked for: never explained.  */
int
other (int c)
{
  int y = 0;
  if (c)
    y = 1;
  return y;
}
