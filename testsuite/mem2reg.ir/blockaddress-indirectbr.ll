; The address to jump to is a local variable: promotion turns it into a
; phi of blockaddress constants (text the promotion moved into the body),
; and both the constants and the indirectbr's labels move to the new
; numbers of their blocks.
; CHECK: define i32 @g(i32 %0) {
; CHECK-NEXT:   %2 = icmp ne i32 %0, 0
; CHECK-NEXT:   br i1 %2, label %3, label %4
; CHECK: 5:
; CHECK-NEXT:   %6 = phi i8* [ blockaddress(@g, %7), %3 ], [ blockaddress(@g, %9), %4 ]
; CHECK-NEXT:   indirectbr i8* %6, [label %7, label %9]
; CHECK: 7:
; CHECK-NEXT:   %8 = add i32 %0, 1
; CHECK: 9:
; CHECK-NEXT:   %10 = add i32 %0, 2
; CHECK-COUNT: 0 alloca
define i32 @g(i32 %0) {
  %2 = alloca i8*, align 8
  %3 = alloca i32, align 4
  store i32 %0, i32* %3, align 4
  %4 = icmp ne i32 %0, 0
  br i1 %4, label %5, label %6

5:
  store i8* blockaddress(@g, %9), i8** %2, align 8
  br label %7

6:
  store i8* blockaddress(@g, %12), i8** %2, align 8
  br label %7

7:
  %8 = load i8*, i8** %2, align 8
  indirectbr i8* %8, [label %9, label %12]

9:
  %10 = load i32, i32* %3, align 4
  %11 = add i32 %10, 1
  ret i32 %11

12:
  %13 = load i32, i32* %3, align 4
  %14 = add i32 %13, 2
  ret i32 %14
}
