/* C++ names for explain=: a member function is named as the records
   name it (ns::A::f), and overloads share their name (h): explain=h
   explains both.  */
namespace ns
{
struct A
{
  int f (int c);
};
}

int
ns::A::f (int c)
{
  int x = 0;
  if (c)
    x = 2;
  return x;
}

int h (int c) { return c; }
int h (double c) { return (int) c; }
