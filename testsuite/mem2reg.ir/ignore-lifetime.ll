; LLVM ignore-lifetime.ll and debug declarations: lifetime markers and
; llvm.dbg.declare naming the alloca do not block promotion; they are
; deleted with it.  A marker on an alloca that stays, stays.
; ARGS: --stats
; CHECK-LABEL: define i32 @test(i32 %a)
; CHECK-NEXT: entry:
; CHECK-NEXT:   %kept = alloca i32
; CHECK-NEXT:   call void @llvm.lifetime.start.p0(i64 4, ptr %kept)
; CHECK-NEXT:   call void @f(ptr %kept)
; CHECK-NEXT:   ret i32 %a
; CHECK-COUNT: 1 call void @llvm.lifetime.start.p0(
; CHECK-COUNT: 0 call void @llvm.dbg.declare(
; CHECK: %x: promoted (single-store)
; CHECK: %kept: not promoted: address-passed
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare void @llvm.dbg.declare(metadata, metadata, metadata)
declare void @f(ptr)
define i32 @test(i32 %a) {
entry:
  %x = alloca i32
  %kept = alloca i32
  call void @llvm.lifetime.start.p0(i64 4, ptr %x)
  call void @llvm.dbg.declare(metadata ptr %x, metadata !1, metadata !DIExpression())
  call void @llvm.lifetime.start.p0(i64 4, ptr %kept)
  call void @f(ptr %kept)
  store i32 %a, ptr %x
  %v = load i32, ptr %x
  call void @llvm.lifetime.end.p0(i64 4, ptr %x)
  ret i32 %v
}
!1 = !{}
