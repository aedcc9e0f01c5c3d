; Seed 000 with numbered values (clang default): after promotion the
; unnamed values and blocks must be renumbered sequentially.
; CHECK-LABEL: define dso_local i32 @foo(i32 noundef %0) #0 {
; CHECK-NEXT:   %2 = icmp sgt i32 %0, 0
; CHECK-NEXT:   br i1 %2, label %3, label %4
; CHECK: 3:
; CHECK-NEXT:   br label %5
; CHECK: 4:
; CHECK-NEXT:   br label %5
; CHECK: 5:
; CHECK-NEXT:   %6 = phi i32 [ 1, %3 ], [ -1, %4 ]
; CHECK-NEXT:   ret i32 %6
; ModuleID = 'foo.c'
source_filename = "foo.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

; Function Attrs: noinline nounwind uwtable
define dso_local i32 @foo(i32 noundef %0) #0 {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  store i32 %0, i32* %2, align 4
  %4 = load i32, i32* %2, align 4
  %5 = icmp sgt i32 %4, 0
  br i1 %5, label %6, label %7

6:                                                ; preds = %1
  store i32 1, i32* %3, align 4
  br label %8

7:                                                ; preds = %1
  store i32 -1, i32* %3, align 4
  br label %8

8:                                                ; preds = %7, %6
  %9 = load i32, i32* %3, align 4
  ret i32 %9
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
