; Every alloca that is not promoted says why.
; ARGS: --stats
; CHECK: 1 NumPromoted
; CHECK: %p: not promoted: address-passed
; CHECK: %g: not promoted: partial-access
; CHECK: %e: not promoted: address-escaped
; CHECK: %arr: not promoted: array-alloca
; CHECK: %s: not promoted: address-stored
; CHECK: %ok: promoted (single-store)
; CHECK: %n: not promoted: non-entry-alloca
declare void @f(i32*)
define void @reasons(i32 %k, i32** %out) {
entry:
  %p = alloca i32
  %g = alloca [4 x i32]
  %e = alloca i32
  %arr = alloca i32, i32 %k
  %s = alloca i32
  %ok = alloca i32
  call void @f(i32* %p)
  %q = getelementptr [4 x i32], [4 x i32]* %g, i64 0, i64 1
  store i32 1, i32* %q
  %i = ptrtoint i32* %e to i64
  store i32 1, i32* %arr
  store i32* %s, i32** %out
  store i32 3, i32* %ok
  %v = load i32, i32* %ok
  br label %next
next:
  %n = alloca i32
  store i32 %v, i32* %n
  ret void
}
