/* report.c - lev_stats as text (a summary and heat maps drawn over the
 * most common terrain, ANSI colour on request) and as JSON. */
#include "stats/stats_int.h"

#include <inttypes.h>
#include <stdlib.h>

static double share(long part, long whole)
{
    return whole > 0 ? (double)part / (double)whole : 0.0;
}

static const char *paint(int colour, const char *code)
{
    return colour ? code : "";
}

#define BOLD "\033[1m"
#define RED "\033[31m"
#define GREEN "\033[32m"
#define OFF "\033[0m"

static void text_reach(bytebuf *b, const lev_stats *st, int colour)
{
    long bad = st->generated - st->reachable;
    bb_printf(b, "%sreachable%s: every stair, ladder, portal and branch from "
              "the up stair in %s%ld of %ld%s levels (%.1f%%)\n",
              paint(colour, BOLD), paint(colour, OFF),
              paint(colour, bad ? RED : GREEN), st->reachable, st->generated,
              paint(colour, OFF), 100.0 * share(st->reachable, st->generated));
    if (bad == 0)
        return;
    bb_printf(b, "  unreachable seeds%s:", bad > st->n_unreachable ?
              " (the first)" : "");
    for (int i = 0; i < st->n_unreachable; i++)
        bb_printf(b, " %" PRIu64, st->unreachable[i]);
    bb_printf(b, "\n  of those, reachable when crossing");
    for (int k = 0; k < REACH_KINDS; k++)
        bb_printf(b, "%s %s %ld", k ? "," : "", reach_names[k],
                  st->reach_if[k]);
    bb_printf(b, "; not even crossing all of them %ld\n", st->no_way);
}

static void text_counts(bytebuf *b, const lev_stats *st, int colour)
{
    bb_printf(b, "%sper level%s (min / median / max):\n",
              paint(colour, BOLD), paint(colour, OFF));
    for (int k = 0; k < COUNT_KINDS; k++) {
        long v[3];
        stats_count_summary(st, k, v);
        bb_printf(b, "  %-12s %ld / %ld / %ld\n", count_names[k], v[0], v[1],
                  v[2]);
    }
}

/* Terrain numbers, most cells first. */
static void terrain_order(const lev_stats *st, long tot[SPLEV_TERRAIN_COUNT],
                          int order[SPLEV_TERRAIN_COUNT])
{
    for (int t = 0; t < SPLEV_TERRAIN_COUNT; t++) {
        tot[t] = 0;
        for (int y = 0; y < SPLEV_ROWNO; y++)
            for (int x = 1; x < SPLEV_COLNO; x++)
                tot[t] += (long)stats_terrain_count(st, x, y, t);
        order[t] = t;
    }
    for (int i = 1; i < SPLEV_TERRAIN_COUNT; i++)
        for (int j = i; j > 0 && tot[order[j]] > tot[order[j - 1]]; j--) {
            int s = order[j];
            order[j] = order[j - 1];
            order[j - 1] = s;
        }
}

static void text_terrain(bytebuf *b, const lev_stats *st, int colour)
{
    long tot[SPLEV_TERRAIN_COUNT];
    int order[SPLEV_TERRAIN_COUNT];
    terrain_order(st, tot, order);
    long cells = st->generated * (SPLEV_COLNO - 1) * SPLEV_ROWNO;
    bb_printf(b, "%sterrain%s (share of cells):", paint(colour, BOLD),
              paint(colour, OFF));
    for (int i = 0, shown = 0; i < SPLEV_TERRAIN_COUNT && tot[order[i]];
         i++, shown++)
        bb_printf(b, "%s%s %.1f%%", shown % 6 ? "  " : "\n  ",
                  splev_terrain_name(order[i]),
                  100.0 * share(tot[order[i]], cells));
    bb_printf(b, "\n");
}

static void text_classes(bytebuf *b, const lev_stats *st)
{
    bb_printf(b, "monsters by class:");
    int any = 0;
    for (int c = 0; c < STATS_CLASSES; c++)
        if (st->class_total[c]) {
            if (c)
                bb_printf(b, " %c %ld", c, st->class_total[c]);
            else
                bb_printf(b, " random %ld", st->class_total[c]);
            any = 1;
        }
    bb_printf(b, "%s\n", any ? "" : " none");
}

static void text_failures(bytebuf *b, const lev_stats *st, int colour)
{
    if (st->n_failures == 0)
        return;
    bb_printf(b, "%sfailures%s (%ld%s):\n", paint(colour, BOLD),
              paint(colour, OFF), st->n_failures,
              st->n_failures > STATS_KEEP_SEEDS ? ", the first shown" : "");
    for (long i = 0; i < st->n_failures && i < STATS_KEEP_SEEDS; i++)
        bb_printf(b, "  seed %" PRIu64 ": %s\n", st->failures[i].seed,
                  st->failures[i].msg);
}

/* 1..9 for a count above 0, by its share of the largest. */
static int heat_digit(uint32_t c, uint32_t max)
{
    int d = (int)(((uint64_t)c * 9 + max - 1) / max);
    return d < 1 ? 1 : d > 9 ? 9 : d;
}

static const char *digit_colour(int d)
{
    return d <= 3 ? "\033[34m" : d <= 6 ? "\033[33m" : RED;
}

static void text_heat(bytebuf *b, const lev_stats *st, const char *what,
                      const heat_map *h, int colour)
{
    uint32_t max = stats_heat_max(h);
    bb_printf(b, "\n%sheat: %s%s (total %ld, busiest cell %" PRIu32
              "; digits 1-9 scale to it)\n", paint(colour, BOLD), what,
              paint(colour, OFF), stats_heat_total(h), max);
    for (int y = 0; y < SPLEV_ROWNO; y++) {
        for (int x = 1; x < SPLEV_COLNO; x++) {
            uint32_t c = (*h)[y][x];
            if (c == 0) {
                int t = stats_common_terrain(st, x, y);
                int ch = t == SPLEV_STONE ? ' '
                                          : splev_terrain_nearest_mapchar(t);
                bb_printf(b, "%c", ch ? ch : ' ');
                continue;
            }
            int d = heat_digit(c, max);
            bb_printf(b, "%s%c%s", colour ? digit_colour(d) : "", '0' + d,
                      paint(colour, OFF));
        }
        bb_printf(b, "\n");
    }
}

char *lev_stats_text(const lev_stats *st, int colour)
{
    bytebuf b;
    bb_init(&b);
    bb_printf(&b, "%slevel \"%s\"%s: %ld seeds from %" PRIu64 ", %ld "
              "generated, %ld failed\n", paint(colour, BOLD), st->name,
              paint(colour, OFF), st->seeds, st->first_seed, st->generated,
              st->n_failures);
    text_reach(&b, st, colour);
    text_counts(&b, st, colour);
    text_terrain(&b, st, colour);
    text_classes(&b, st);
    text_failures(&b, st, colour);
    for (int k = 0; k < HEAT_KINDS; k++)
        if (stats_heat_max(&st->heat[k]))
            text_heat(&b, st, heat_names[k], &st->heat[k], colour);
    bb_put(&b, "", 1);
    return (char *)b.data;
}

/* ---- JSON ---- */

static void json_heat(bytebuf *b, const heat_map *h)
{
    bb_printf(b, "[");
    for (int y = 0; y < SPLEV_ROWNO; y++) {
        bb_printf(b, "%s\n    [", y ? "," : "");
        for (int x = 0; x < SPLEV_COLNO; x++)
            bb_printf(b, "%s%" PRIu32, x ? "," : "", (*h)[y][x]);
        bb_printf(b, "]");
    }
    bb_printf(b, "]");
}

static const char *const reach_keys[REACH_KINDS] = {
    "water", "lava", "trees", "iron_bars", "drawbridges"};

static void json_reach(bytebuf *b, const lev_stats *st)
{
    bb_printf(b, "  \"reachable\": %.6g,\n  \"reachable_levels\": %ld,\n"
              "  \"unreachable_seeds\": [", share(st->reachable,
                                                  st->generated),
              st->reachable);
    for (int i = 0; i < st->n_unreachable; i++)
        bb_printf(b, "%s%" PRIu64, i ? ", " : "", st->unreachable[i]);
    bb_printf(b, "],\n  \"reachable_crossing\": {");
    for (int k = 0; k < REACH_KINDS; k++)
        bb_printf(b, "%s\"%s\": %ld", k ? ", " : "", reach_keys[k],
                  st->reach_if[k]);
    bb_printf(b, "},\n  \"unreachable_crossing_all\": %ld,\n", st->no_way);
}

static void json_failures(bytebuf *b, const lev_stats *st)
{
    bb_printf(b, "  \"failed\": %ld,\n  \"failures\": [", st->n_failures);
    for (long i = 0; i < st->n_failures && i < STATS_KEEP_SEEDS; i++) {
        bb_printf(b, "%s{\"seed\": %" PRIu64 ", \"message\": ", i ? ", " : "",
                  st->failures[i].seed);
        bb_json_string(b, st->failures[i].msg);
        bb_printf(b, "}");
    }
    bb_printf(b, "],\n");
}

static void json_counts(bytebuf *b, const lev_stats *st)
{
    bb_printf(b, "  \"counts\": {");
    for (int k = 0; k < COUNT_KINDS; k++) {
        long v[3];
        stats_count_summary(st, k, v);
        bb_printf(b, "%s\"%s\": {\"min\": %ld, \"median\": %ld, \"max\": %ld}",
                  k ? ", " : "", count_names[k], v[0], v[1], v[2]);
    }
    bb_printf(b, "},\n  \"terrain\": {");
    long tot[SPLEV_TERRAIN_COUNT];
    int order[SPLEV_TERRAIN_COUNT];
    terrain_order(st, tot, order);
    long cells = st->generated * (SPLEV_COLNO - 1) * SPLEV_ROWNO;
    for (int i = 0; i < SPLEV_TERRAIN_COUNT && tot[order[i]]; i++)
        bb_printf(b, "%s\"%s\": %.6f", i ? ", " : "",
                  splev_terrain_name(order[i]), share(tot[order[i]], cells));
    bb_printf(b, "},\n");
}

static void json_class_key(bytebuf *b, int c)
{
    char key[2] = {(char)(c ? c : '?'), 0};
    bb_json_string(b, key);
}

static void json_classes(bytebuf *b, const lev_stats *st)
{
    bb_printf(b, "  \"monster_classes\": {");
    int n = 0;
    for (int c = 0; c < STATS_CLASSES; c++)
        if (st->class_total[c]) {
            bb_printf(b, "%s", n++ ? ", " : "");
            json_class_key(b, c);
            bb_printf(b, ": %ld", st->class_total[c]);
        }
    bb_printf(b, "},\n  \"heat_by_class\": {");
    n = 0;
    for (int c = 0; c < STATS_CLASSES; c++)
        if (st->class_heat[c]) {
            bb_printf(b, "%s\n   ", n++ ? "," : "");
            json_class_key(b, c);
            bb_printf(b, ": ");
            json_heat(b, st->class_heat[c]);
        }
    bb_printf(b, "},\n");
}

char *lev_stats_json(const lev_stats *st)
{
    bytebuf b;
    bb_init(&b);
    bb_printf(&b, "{\n  \"level\": ");
    bb_json_string(&b, st->name);
    bb_printf(&b, ",\n  \"first_seed\": %" PRIu64 ",\n  \"seeds\": %ld,\n"
              "  \"generated\": %ld,\n", st->first_seed, st->seeds,
              st->generated);
    json_failures(&b, st);
    json_reach(&b, st);
    json_counts(&b, st);
    json_classes(&b, st);
    bb_printf(&b, "  \"heat\": {");
    for (int k = 0; k < HEAT_KINDS; k++) {
        bb_printf(&b, "%s\n   \"%s\": ", k ? "," : "", heat_names[k]);
        json_heat(&b, &st->heat[k]);
    }
    bb_printf(&b, "}\n}\n");
    bb_put(&b, "", 1);
    return (char *)b.data;
}
