; Seed 000: foo() from C, as clang -O0 -disable-O0-optnone emits it.
; Both arms store to %r: exactly one phi, at the join, no alloca left.
; CHECK-LABEL: define dso_local i32 @foo(i32 noundef %x) #0 {
; CHECK: entry:
; CHECK-NEXT:   %cmp = icmp sgt i32 %x, 0
; CHECK: if.end:
; CHECK-NEXT:   %r.0 = phi i32 [ 1, %if.then ], [ -1, %if.else ]
; CHECK-NEXT:   ret i32 %r.0
; CHECK-COUNT: 1 = phi 
; CHECK-COUNT: 0 alloca
; CHECK-COUNT: 0 load
; CHECK: attributes #0 = { noinline
; ModuleID = 'foo.c'
source_filename = "foo.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @foo(i32 noundef %x) #0 {
entry:
  %x.addr = alloca i32, align 4
  %r = alloca i32, align 4
  store i32 %x, i32* %x.addr, align 4
  %0 = load i32, i32* %x.addr, align 4
  %cmp = icmp sgt i32 %0, 0
  br i1 %cmp, label %if.then, label %if.else

if.then:                                          ; preds = %entry
  store i32 1, i32* %r, align 4
  br label %if.end

if.else:                                          ; preds = %entry
  store i32 -1, i32* %r, align 4
  br label %if.end

if.end:                                           ; preds = %if.else, %if.then
  %1 = load i32, i32* %r, align 4
  ret i32 %1
}

attributes #0 = { noinline nounwind uwtable "frame-pointer"="all" "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 7, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 1}
!4 = !{i32 7, !"frame-pointer", i32 2}
!5 = !{!"Debian clang version 14.0.6"}
