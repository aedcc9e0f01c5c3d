/* html-plot.c - the HTML page's plots, inline SVG drawn here (no
 * script, no network): phis ours vs GCC, time against blocks (log-log),
 * bars of the not-promoted reasons and the promotion paths.  Each plot
 * draws at most PLOT_CAP points and says how many it left out; the
 * comparisons with GCC draw the functions compared with GCC only, and
 * say how many others they leave out. */
#include "rep.h"

#include <math.h>
#include <string.h>

enum { PLOT_CAP = 2000, W = 420, H = 300, ML = 60, MR = 12, MT = 12, MB = 40 };

/* A plot's axes: data ranges, linear or log10. */
typedef struct Axes {
	double x0, x1, y0, y1;
	int logx, logy;
} Axes;

static double tr(double v, int lg)
{
	return lg ? log10(v > 0 ? v : 1) : v;
}

static double px(const Axes *a, double x)
{
	double lo = tr(a->x0, a->logx), hi = tr(a->x1, a->logx);
	return ML + (tr(x, a->logx) - lo) / (hi > lo ? hi - lo : 1) * (W - ML - MR);
}

static double py(const Axes *a, double y)
{
	double lo = tr(a->y0, a->logy), hi = tr(a->y1, a->logy);
	return H - MB - (tr(y, a->logy) - lo) / (hi > lo ? hi - lo : 1) * (H - MT - MB);
}

static void svg_open(FILE *o, const char *title)
{
	fprintf(o, "<figure><svg width=\"%d\" height=\"%d\" "
		"viewBox=\"0 0 %d %d\" role=\"img\"><title>%s</title>\n", W, H, W, H, title);
}

/* The axes with their end labels and names. */
static void axes(FILE *o, const Axes *a, const char *xl, const char *yl)
{
	fprintf(o, "<path class=\"ax\" d=\"M%d %d V%d H%d\"/>\n", ML, MT, H - MB, W - MR);
	fprintf(o, "<text x=\"%d\" y=\"%d\">%.3g</text><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.3g</text>\n",
		ML, H - MB + 14, a->x0, W - MR, H - MB + 14, a->x1);
	fprintf(o, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.3g</text><text x=\"%d\" y=\"%d\" "
		"text-anchor=\"end\">%.3g</text>\n", ML - 4, H - MB, a->y0, ML - 4, MT + 10, a->y1);
	fprintf(o, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>\n", (ML + W - MR) / 2,
		H - 8, xl);
	fprintf(o, "<text transform=\"translate(14 %d) rotate(-90)\" text-anchor=\"middle\">%s</text>\n",
		(MT + H - MB) / 2, yl);
}

/* The caption: what the plot shows, what of the functions not compared
 * with GCC it leaves out (what, with their number; GCC's figures are
 * not known there), and the points left out over the cap. */
static void svg_close(FILE *o, long left_out, long uncompared, const char *what, const char *caption)
{
	fprintf(o, "</svg><figcaption>%s", caption);
	if (uncompared)
		fprintf(o, " Left out: %s of the %ld functions not compared with GCC (rewrite mode, "
			"compare=no or m2r-opt: GCC's figures are not known).", what, uncompared);
	if (left_out)
		fprintf(o, " (%ld points left out: at most %d drawn)", left_out, PLOT_CAP);
	fprintf(o, "</figcaption></figure>\n");
}

/* Phis per function compared with GCC, GCC's (x) against ours kept
 * (y); off the diagonal are the disagreements, drawn first so that the
 * cap never hides them. */
static void plot_phis(FILE *o, Run *r)
{
	Axes a = { 0, 1, 0, 1, 0, 0 };
	long uncompared = 0;
	for (int i = 0; i < r->fn.n; i++) {
		const Rec *x = r->fn.v[i];
		if (!rec_known(x, F_GCC_PHIS)) {
			uncompared++;
			continue;
		}
		double m = (double)(x->f[F_GCC_PHIS] > x->f[F_PHIS_KEPT] ? x->f[F_GCC_PHIS] : x->f[F_PHIS_KEPT]);
		if (m > a.x1)
			a.x1 = a.y1 = m;
	}
	svg_open(o, "phis per function, ours kept against GCC's");
	axes(o, &a, "GCC's phis", "our phis (kept)");
	fprintf(o, "<path class=\"diag\" d=\"M%.1f %.1f L%.1f %.1f\"/>\n", px(&a, 0), py(&a, 0), px(&a, a.x1),
		py(&a, a.y1));
	long drawn = 0, left = 0;
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < r->fn.n; i++) {
			const Rec *x = r->fn.v[i];
			int off = x->f[F_GCC_PHIS] != x->f[F_PHIS_KEPT];
			if (off != !pass || !rec_known(x, F_GCC_PHIS))
				continue;
			if (drawn == PLOT_CAP) {
				left++;
				continue;
			}
			drawn++;
			fprintf(o, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\"/>\n", off ? "off" : "p",
				px(&a, (double)x->f[F_GCC_PHIS]), py(&a, (double)x->f[F_PHIS_KEPT]));
		}
	svg_close(o, left, uncompared, "the points", "Phis per function: ours (kept) against GCC's into-SSA. "
		  "<span class=\"off\">Red</span> points are off the diagonal: the two disagree.");
}

/* Time per function against its blocks, log-log: ours and GCC's. */
static void plot_time(FILE *o, Run *r)
{
	Axes a = { 1, 10, 100, 1000, 1, 1 };
	long uncompared = 0;
	for (int i = 0; i < r->fn.n; i++) {
		const Rec *x = r->fn.v[i];
		uncompared += !rec_known(x, F_GCC_NS);
		double b = (double)x->f[F_BLOCKS], t1 = (double)rec_ours_ns(x), t2 = (double)x->f[F_GCC_NS];
		if (b > a.x1)
			a.x1 = b;
		if (t1 > a.y1)
			a.y1 = t1;
		if (t2 > a.y1)
			a.y1 = t2;
	}
	svg_open(o, "time per function against its blocks");
	axes(o, &a, "blocks (log)", "ns (log)");
	long drawn = 0, left = 0;
	for (int i = 0; i < r->fn.n; i++) {
		const Rec *x = r->fn.v[i];
		long long t[2] = { rec_ours_ns(x), rec_known(x, F_GCC_NS) ? x->f[F_GCC_NS] : 0 };
		for (int s = 0; s < 2; s++) {
			if (t[s] <= 0)
				continue;
			if (drawn == PLOT_CAP) {
				left++;
				continue;
			}
			drawn++;
			double b = (double)(x->f[F_BLOCKS] > 1 ? x->f[F_BLOCKS] : 1);
			double y = (double)(t[s] > 100 ? t[s] : 100);
			fprintf(o, "<circle class=\"%s\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\"/>\n", s ? "gcc" : "ours",
				px(&a, b), py(&a, y));
		}
	}
	svg_close(o, left, uncompared, "GCC's time", "Time per function against its blocks (log-log): "
		  "<span class=\"ours\">ours</span> (lower + core) and <span class=\"gcc\">GCC's into-SSA</span>.");
}

/* Horizontal bars, one per non-zero count (an empty plot says so). */
static void plot_bars(FILE *o, const char *title, const long long *v, int n, const char *(*name)(int),
		      int first)
{
	long long max = 0;
	int rows = 0;
	for (int i = first; i < n; i++) {
		if (v[i] > max)
			max = v[i];
		rows += v[i] != 0;
	}
	svg_open(o, title);
	int y = MT, bh = rows ? (H - MT - MB) / (rows > 12 ? rows : 12) : 0, lw = 130;
	fprintf(o, "<path class=\"ax\" d=\"M%d %d V%d\"/>\n", lw, MT, H - MB);
	if (!rows)
		fprintf(o, "<text x=\"%d\" y=\"%d\">none</text>\n", lw + 8, MT + 20);
	for (int i = first; i < n; i++) {
		if (!v[i])
			continue;
		double w = (double)v[i] / (double)max * (W - lw - 60);
		fprintf(o, "<rect class=\"bar\" x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\"/>", lw, y, w < 1 ? 1 : w,
			bh - 3);
		fprintf(o, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>", lw - 4, y + bh - 6, name(i));
		fprintf(o, "<text x=\"%.1f\" y=\"%d\">%lld</text>\n", lw + w + 4, y + bh - 6, v[i]);
		y += bh;
	}
	svg_close(o, 0, 0, NULL, title);
}

void write_plots(FILE *o, Run *r, const Rec *t)
{
	fprintf(o, "<h2 id=\"plots\">Plots</h2>\n<div class=\"plots\">\n");
	plot_phis(o, r);
	plot_time(o, r);
	plot_bars(o, "Variables not promoted, by reason", t->not_promoted, NREASON, reason_name, 1);
	plot_bars(o, "Variables promoted, by path", t->paths, NPATH, path_name, 1);
	fprintf(o, "</div>\n");
}
