/* Reads of a vector element at a constant index, in range or not (gcc.dg
   analyzer/pr93938.c): GCC reads the element from the SSA value
   (BIT_FIELD_REF in range, VIEW_CONVERT_EXPR<int[4]>(v_1)[4] out of
   range), so the variable is a register at -O2; the bridge loads the
   whole vector and extracts, as clang does with extractelement.  A
   variable index keeps the vector in memory on both sides.  At -O0 the
   front end's addressable flag is stale.  GCC 16 keeps a vector read out
   of range in memory (not-gimple-reg), where the bridge still promotes
   it.  */
/* { dg-options "-fplugin-arg-mem2reg-remarks" } */

typedef int v4si __attribute__ ((vector_size (16)));

int in_range (v4si v)	/* { dg-note "'v' promoted \\(single-store\\); gcc: (agrees|differs: stale-addressable)" } */
{
  return v[1];
}

int out_of_range (v4si v)	/* { dg-note "'v' promoted \\(single-store\\); gcc: (agrees|differs: (stale-addressable|not-gimple-reg))" } */
{
  return v[~0UL];
}

int variable (v4si v, int i)	/* { dg-note "'v' not promoted: partial-access; gcc: agrees" } */
			/* { dg-note "'i' promoted \\(\[a-z-\]+\\); gcc: agrees" "i" { target *-*-* } .-1 } */
{
  return v[i];
}
/* { dg-final { mem2reg-no-unexplained } } */
