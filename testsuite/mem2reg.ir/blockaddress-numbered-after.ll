; blockaddress-table-before.ll with the table after the function, and a
; function after that which takes the address of one of @f's blocks.
; LLVM refuses this input ("cannot take address of numeric label after
; the function is defined": it forgets a body's numbers at its '}'), and
; so the output too; m2r-opt reads it, as it did before, and keeps the
; numbers in the table and in the function consistent.
; NO-OPT-VERIFY
; CHECK: 13:
; CHECK-NEXT:   %14 = add nsw i32 %5, 1
; CHECK-NEXT:   call void @mark(i32 noundef 1)
; CHECK: 15:
; CHECK-NEXT:   %16 = add nsw i32 %5, 2
; CHECK-NEXT:   call void @mark(i32 noundef 2)
; CHECK: indirectbr i8* %19, [label %13, label %15]
; CHECK: @f.tab = internal global [2 x i8*] [i8* blockaddress(@f, %13), i8* blockaddress(@f, %15)], align 16
; CHECK: define i8* @second() {
; CHECK-NEXT:   ret i8* blockaddress(@f, %15)
; CHECK-COUNT: 0 alloca
define dso_local i32 @f(i32 noundef %0, i32 noundef %1) {
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  %5 = alloca i32, align 4
  store i32 %0, i32* %3, align 4
  store i32 %1, i32* %4, align 4
  store i32 0, i32* %5, align 4
  br label %6

6:                                                ; preds = %19, %16, %2
  %7 = load i32, i32* %4, align 4
  %8 = add nsw i32 %7, -1
  store i32 %8, i32* %4, align 4
  %9 = icmp sgt i32 %7, 0
  br i1 %9, label %10, label %22

10:                                               ; preds = %6
  %11 = load i32, i32* %3, align 4
  %12 = and i32 %11, 1
  %13 = sext i32 %12 to i64
  %14 = getelementptr inbounds [2 x i8*], [2 x i8*]* @f.tab, i64 0, i64 %13
  %15 = load i8*, i8** %14, align 8
  br label %24

16:                                               ; preds = %24
  %17 = load i32, i32* %5, align 4
  %18 = add nsw i32 %17, 1
  store i32 %18, i32* %5, align 4
  call void @mark(i32 noundef 1)
  br label %6

19:                                               ; preds = %24
  %20 = load i32, i32* %5, align 4
  %21 = add nsw i32 %20, 2
  store i32 %21, i32* %5, align 4
  call void @mark(i32 noundef 2)
  br label %6

22:                                               ; preds = %6
  %23 = load i32, i32* %5, align 4
  ret i32 %23

24:                                               ; preds = %10
  %25 = phi i8* [ %15, %10 ]
  indirectbr i8* %25, [label %16, label %19]
}


@f.tab = internal global [2 x i8*] [i8* blockaddress(@f, %16), i8* blockaddress(@f, %19)], align 16

define i8* @second() {
  ret i8* blockaddress(@f, %19)
}

declare void @mark(i32 noundef)
