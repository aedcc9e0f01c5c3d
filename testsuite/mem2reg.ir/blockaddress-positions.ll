; blockaddress wherever LLVM allows it: nested in constant expressions
; (label differences, in a global and in an operand), among a callbr's
; arguments (which must match its label list), in the body of a function
; defined before its target, with a quoted function name.  Text that only
; looks like one (a string, a comment, a global named @blockaddress)
; stays as written.
; CHECK: @str = private constant [22 x i8] c"blockaddress(@h, %11)\00"
; CHECK: @blockaddress = global i32 0 ; blockaddress(@h, %11)
; CHECK: @diff = internal constant [1 x i32] [i32 trunc (i64 sub (i64 ptrtoint (i8* blockaddress(@h, %4) to i64), i64 ptrtoint (i8* blockaddress(@h, %2) to i64)) to i32)]
; CHECK: @odd = global i8* blockaddress(@"odd fn", %5)
; CHECK: define i8* @early() {
; CHECK-NEXT:   ret i8* blockaddress(@h, %4)
; CHECK: define i32 @h(i32 %0) {
; CHECK-NEXT:   store i64 sub (i64 ptrtoint (i8* blockaddress(@h, %4) to i64), i64 ptrtoint (i8* blockaddress(@h, %2) to i64)), i64* @sink, align 8
; CHECK-NEXT:   callbr void asm sideeffect "", "r,i,~{dirflag},~{fpsr},~{flags}"(i32 %0, i8* blockaddress(@h, %4))
; CHECK-NEXT:           to label %2 [label %4]
; CHECK: 2:
; CHECK-NEXT:   %3 = add nsw i32 %0, 3
; CHECK: 4:
; CHECK-NEXT:   %5 = add nsw i32 %0, 1
; CHECK: define void @"odd fn"(i1 %0) {
; CHECK: 5:
; CHECK-NEXT:   %6 = phi i32 [ 1, %2 ], [ 2, %3 ]
; CHECK-COUNT: 0 alloca
@str = private constant [22 x i8] c"blockaddress(@h, %11)\00"
@blockaddress = global i32 0 ; blockaddress(@h, %11)
@diff = internal constant [1 x i32] [i32 trunc (i64 sub (i64 ptrtoint (i8* blockaddress(@h, %11) to i64), i64 ptrtoint (i8* blockaddress(@h, %7) to i64)) to i32)]
@odd = global i8* blockaddress(@"odd fn", %6)
@sink = global i64 0

define i8* @early() {
  ret i8* blockaddress(@h, %11)
}

define i32 @h(i32 %0) {
  %2 = alloca i32, align 4
  %3 = alloca i32, align 4
  %4 = alloca i32, align 4
  store i32 %0, i32* %3, align 4
  %5 = load i32, i32* %3, align 4
  store i32 %5, i32* %4, align 4
  %6 = load i32, i32* %4, align 4
  store i64 sub (i64 ptrtoint (i8* blockaddress(@h, %11) to i64), i64 ptrtoint (i8* blockaddress(@h, %7) to i64)), i64* @sink, align 8
  callbr void asm sideeffect "", "r,i,~{dirflag},~{fpsr},~{flags}"(i32 %6, i8* blockaddress(@h, %11))
          to label %7 [label %11]

7:
  %8 = load i32, i32* %4, align 4
  %9 = add nsw i32 %8, 3
  store i32 %9, i32* %4, align 4
  %10 = load i32, i32* %4, align 4
  store i32 %10, i32* %2, align 4
  br label %14

11:
  %12 = load i32, i32* %4, align 4
  %13 = add nsw i32 %12, 1
  store i32 %13, i32* %2, align 4
  br label %14

14:
  %15 = load i32, i32* %2, align 4
  ret i32 %15
}

define void @"odd fn"(i1 %0) {
  %2 = alloca i32, align 4
  br i1 %0, label %3, label %4

3:
  store i32 1, i32* %2, align 4
  br label %6

4:
  %5 = add i32 0, 0
  store i32 2, i32* %2, align 4
  br label %6

6:
  %7 = load i32, i32* %2, align 4
  call void @use(i32 %7)
  ret void
}

declare void @use(i32)
