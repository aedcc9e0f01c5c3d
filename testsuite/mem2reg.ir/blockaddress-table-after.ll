; A table of block addresses after a function, as LLVM allows it: once a
; function's body is closed, LLVM only takes the address of its *named*
; blocks (blockaddress-numbered-after.ll has the other case).  Named
; blocks keep their names; the numbered blocks of @g, defined after the
; table, take their new numbers in it.
; CHECK: define i32 @f(i32 %0) {
; CHECK: one:
; CHECK-NEXT:   %5 = phi i32 [ %0, %1 ], [ %4, %3 ]
; CHECK: @tab = internal global [3 x i8*] [i8* blockaddress(@f, %one), i8* blockaddress(@f, %two), i8* blockaddress(@g, %8)], align 16
; CHECK: define i32 @g(i32 %0) {
; CHECK: 8:
; CHECK-NEXT:   %9 = phi i32 [ %0, %1 ], [ %4, %3 ], [ %4, %3 ]
; CHECK-NEXT:   call void @mark(i32 %9)
; CHECK-COUNT: 0 alloca
define i32 @f(i32 %0) {
  %2 = alloca i32, align 4
  store i32 %0, i32* %2, align 4
  %3 = icmp eq i32 %0, 0
  br i1 %3, label %4, label %one

4:
  %5 = load i32, i32* %2, align 4
  %6 = add i32 %5, 1
  store i32 %6, i32* %2, align 4
  br label %one

one:
  %7 = load i32, i32* %2, align 4
  call void @mark(i32 %7)
  br label %two

two:
  ret i32 0
}

@tab = internal global [3 x i8*] [i8* blockaddress(@f, %one), i8* blockaddress(@f, %two), i8* blockaddress(@g, %10)], align 16

define i32 @g(i32 %0) {
  %2 = alloca i32, align 4
  store i32 %0, i32* %2, align 4
  %3 = icmp eq i32 %0, 0
  br i1 %3, label %4, label %10

4:
  %5 = load i32, i32* %2, align 4
  %6 = add i32 %5, 1
  store i32 %6, i32* %2, align 4
  %7 = getelementptr inbounds [3 x i8*], [3 x i8*]* @tab, i64 0, i64 2
  %8 = load i8*, i8** %7, align 8
  %9 = icmp ne i8* %8, null
  br i1 %9, label %10, label %10

10:
  %11 = load i32, i32* %2, align 4
  call void @mark(i32 %11)
  ret i32 %11
}

declare void @mark(i32)
