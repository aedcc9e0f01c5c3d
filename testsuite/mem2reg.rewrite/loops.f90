! Fortran: loops over an array, a subroutine with intent(inout)
! arguments (passed by reference), a function with a result variable.
! { dg-do run }
module m
contains
  subroutine scale(a, n, f)
    integer, intent(in) :: n
    real, intent(inout) :: a(n)
    real, intent(in) :: f
    integer :: i
    do i = 1, n
      if (mod(i, 2) == 0) then
        a(i) = a(i) * f
      else
        a(i) = a(i) + f
      end if
    end do
  end subroutine scale
  integer function triangle(n) result(t)
    integer, intent(in) :: n
    integer :: i
    t = 0
    do i = 1, n
      t = t + i
    end do
  end function triangle
end module m

program main
  use m
  real :: a(4) = [1.0, 2.0, 3.0, 4.0]
  call scale(a, 4, 2.0)
  if (any(a /= [3.0, 4.0, 5.0, 8.0])) stop 1
  if (triangle(10) /= 55) stop 2
end program main
! { dg-final { mem2reg-rewritten } }
