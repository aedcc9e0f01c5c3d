/* struct.c - an aggregate copied whole (GCC keeps it in memory) next to
 * scalars that both sides promote. */
struct point { int x, y; };

int manhattan(struct point a, struct point b)
{
	struct point d = a;
	int dx = d.x - b.x, dy = d.y - b.y;
	if (dx < 0)
		dx = -dx;
	if (dy < 0)
		dy = -dy;
	return dx + dy;
}
