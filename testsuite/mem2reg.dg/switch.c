/* Switch with fallthrough and a default.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

int sw (int c)	/* { dg-note "'c' promoted \\(\[a-z-\]+\\); gcc: agrees" } */
{
  int v = 0;	/* { dg-note "'v' promoted \\(general\\), phis in bb \[0-9\]+, bb \[0-9\]+; gcc: agrees" } */
  switch (c)
    {
    case 0:
      v = 1;
      /* fallthrough */
    case 1:
      v += 2;
      break;
    case 2:
    case 3:
      v = 7;
      break;
    default:
      v = -1;
    }
  return v;
}
/* { dg-final { mem2reg-no-unexplained } } */
