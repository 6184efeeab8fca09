/* print.c - a layout as text (in the spirit of the game's dungeon overview,
 * ^O) and as JSON.  Both depend only on the script and the
 * layout, so the same seed always prints the same bytes. */
#include "layout/layout.h"
#include "common/common.h"

#include <inttypes.h>
#include <string.h>

static const char *const flag_names[4] = {"town", "hellish", "mazelike",
                                          "roguelike"};
static const char *const plane_names[4] = {"water", "fire", "air", "earth"};

const char *splev_branch_type_name(int type)
{
    switch (type) {
    case SPLEV_BR_STAIR: return "stair";
    case SPLEV_BR_NO_UP: return "no_up";
    case SPLEV_BR_NO_DOWN: return "no_down";
    case SPLEV_BR_PORTAL: return "portal";
    default: return "unknown";
    }
}

/* ---- text ---- */

/* The game's words for a branch: a missing stair on the parent's side is a
 * "connection", a missing one on the child's side a "one-way stair". */
static const char *branch_words(const splev_placed_branch *br)
{
    int no_end1 = (br->type == SPLEV_BR_NO_UP && br->up) ||
                  (br->type == SPLEV_BR_NO_DOWN && !br->up);
    if (br->type == SPLEV_BR_PORTAL)
        return "portal";
    if (br->type == SPLEV_BR_STAIR)
        return br->up ? "stair up" : "stair down";
    if (no_end1)
        return br->up ? "connection up" : "connection down";
    return br->up ? "one-way stair up" : "one-way stair down";
}

static void text_flags(FILE *f, unsigned flags, int align, const char *sep)
{
    for (int i = 0; i < 4; i++)
        if (flags & (1u << i))
            fprintf(f, "%s%s", sep, flag_names[i]);
    if (align)
        fprintf(f, "%s%s", sep, splev_align_name(align));
}

/* "Name (B): levels A to B, entry E, flags, alignment" (depths, as the
 * game's overview prints them). */
static void text_dungeon_line(FILE *f, const splev_placed_dungeon *pd,
                              const splev_dgn_dungeon *rec)
{
    fputs(pd->name, f);
    if (rec->bones)
        fprintf(f, " (%c)", rec->bones);
    int last = pd->depth_start + pd->num_levels - 1;
    if (pd->num_levels > 1)
        fprintf(f, ": levels %d to %d", pd->depth_start, last);
    else
        fprintf(f, ": level %d", pd->depth_start);
    fprintf(f, ", entry %d", pd->entry);
    text_flags(f, pd->flags, pd->align, ", ");
    putc('\n', f);
}

/* A branch seen from its parent level, with the other end. */
static void text_branch_line(FILE *f, const splev_layout *l,
                             const splev_placed_branch *br)
{
    const splev_placed_dungeon *from = &l->dungeons[br->from_dungeon];
    const splev_placed_dungeon *to = &l->dungeons[br->to_dungeon];
    fprintf(f, "    level %2d, depth %2d: %s to %s (level %d, depth %d%s)\n",
            br->from_level, from->depth_start + br->from_level - 1,
            branch_words(br), to->name, br->to_level,
            to->depth_start + br->to_level - 1,
            br->floating ? "; floating" : "");
}

static void text_level_line(FILE *f, const splev_dgn_script *s,
                            const splev_placed_level *pl)
{
    fprintf(f, "    level %2d, depth %2d: %s", pl->level, pl->depth, pl->file);
    char bones = s->levels[pl->def].bones;
    if (bones)
        fprintf(f, " [%c]", bones);
    text_flags(f, pl->flags, pl->align, " ");
    putc('\n', f);
}

/* One dungeon: its header, then by level number its branches (first) and
 * its special level. */
static void text_dungeon(FILE *f, const splev_dgn_script *s,
                         const splev_layout *l, int d)
{
    const splev_placed_dungeon *pd = &l->dungeons[d];
    text_dungeon_line(f, pd, &s->dungeons[pd->def]);
    for (int lev = 1; lev <= pd->num_levels; lev++) {
        for (int i = 0; i < l->n_branches; i++)
            if (l->branches[i].from_dungeon == d &&
                l->branches[i].from_level == lev)
                text_branch_line(f, l, &l->branches[i]);
        for (int i = 0; i < l->n_levels; i++)
            if (l->levels[i].dungeon == d && l->levels[i].level == lev)
                text_level_line(f, s, &l->levels[i]);
    }
}

static int has_level(const splev_layout *l, int d, const char *name)
{
    for (int i = 0; i < l->n_levels; i++)
        if (l->levels[i].dungeon == d && strcmp(l->levels[i].name, name) == 0)
            return 1;
    return 0;
}

/* The dungeon holding all four elemental planes (the shuffled one), or -1. */
static int plane_dungeon(const splev_layout *l)
{
    for (int d = 0; d < l->n_dungeons; d++) {
        int all = 1;
        for (int p = 0; p < 4; p++)
            all &= has_level(l, d, plane_names[p]);
        if (all)
            return d;
    }
    return -1;
}

static int is_plane(const splev_placed_level *pl)
{
    for (int i = 0; i < 4; i++)
        if (strcmp(pl->name, plane_names[i]) == 0)
            return 1;
    return 0;
}

/* The shuffled planes in visiting order: the chain entries at the planes'
 * own slots. */
static void text_plane_order(FILE *f, const splev_layout *l)
{
    int d = plane_dungeon(l), shown = 0;
    if (d < 0 || l->n_chain != l->n_levels)
        return;
    for (int i = 0; i < l->n_chain; i++) {
        if (l->levels[i].dungeon != d || !is_plane(&l->levels[i]))
            continue;
        fprintf(f, "%s%s", shown++ ? ", " : "Plane order: ",
                l->levels[l->chain[i]].file);
    }
    putc('\n', f);
}

void splev_layout_print_text(FILE *f, const splev_dgn_script *s,
                             const splev_layout *l)
{
    fprintf(f, "Dungeon layout for seed %" PRIu64 "\n", l->seed);
    for (int d = 0; d < l->n_dungeons; d++)
        text_dungeon(f, s, l, d);
    for (int i = 0; i < l->n_skipped; i++)
        fprintf(f, "Skipped: %s (chance %d%%)\n",
                s->dungeons[l->skipped[i]].name,
                s->dungeons[l->skipped[i]].chance);
    if (l->tune[0])
        fprintf(f, "Castle tune: %s\n", l->tune);
    text_plane_order(f, l);
}

/* ---- JSON ---- */

static void json_flags(FILE *f, unsigned flags)
{
    int first = 1;
    putc('[', f);
    for (int i = 0; i < 4; i++)
        if (flags & (1u << i)) {
            fputs(first ? "" : ", ", f);
            json_string(f, flag_names[i]);
            first = 0;
        }
    putc(']', f);
}

static void json_bones(FILE *f, char bones)
{
    char s[2] = {bones, '\0'};
    if (bones)
        json_string(f, s);
    else
        fputs("null", f);
}

static void json_level(FILE *f, const splev_dgn_script *s,
                       const splev_placed_level *pl)
{
    fputs("{\"name\": ", f);
    json_string(f, pl->name);
    fputs(", \"file\": ", f);
    json_string(f, pl->file);
    fprintf(f, ", \"variant\": %d, \"level\": %d, \"depth\": %d, "
            "\"ledger\": %d, \"bones\": ", pl->variant, pl->level, pl->depth,
            pl->ledger);
    json_bones(f, s->levels[pl->def].bones);
    fputs(", \"flags\": ", f);
    json_flags(f, pl->flags);
    fputs(", \"alignment\": ", f);
    json_string(f, splev_align_name(pl->align));
    putc('}', f);
}

static void json_branch(FILE *f, const splev_layout *l,
                        const splev_placed_branch *br)
{
    const splev_placed_dungeon *from = &l->dungeons[br->from_dungeon];
    const splev_placed_dungeon *to = &l->dungeons[br->to_dungeon];
    fputs("{\"type\": ", f);
    json_string(f, splev_branch_type_name(br->type));
    fprintf(f, ", \"direction\": \"%s\", \"from_level\": %d, "
            "\"from_depth\": %d, \"to_dungeon\": ", br->up ? "up" : "down",
            br->from_level, from->depth_start + br->from_level - 1);
    json_string(f, to->name);
    fprintf(f, ", \"to_level\": %d, \"to_depth\": %d, \"floating\": %s}",
            br->to_level, to->depth_start + br->to_level - 1,
            br->floating ? "true" : "false");
}

/* The dungeon's special levels (by level) and the branches leaving it (in
 * branch order), one object per line. */
static void json_dungeon_levels(FILE *f, const splev_dgn_script *s,
                                const splev_layout *l, int d)
{
    int n = 0;
    fputs("      \"special_levels\": [", f);
    for (int i = 0; i < l->n_levels; i++) {
        if (l->levels[i].dungeon != d)
            continue;
        fputs(n++ ? ",\n        " : "\n        ", f);
        json_level(f, s, &l->levels[i]);
    }
    fputs(n ? "\n      ],\n" : "],\n", f);
    n = 0;
    fputs("      \"branches\": [", f);
    for (int i = 0; i < l->n_branches; i++) {
        if (l->branches[i].from_dungeon != d)
            continue;
        fputs(n++ ? ",\n        " : "\n        ", f);
        json_branch(f, l, &l->branches[i]);
    }
    fputs(n ? "\n      ]\n" : "]\n", f);
}

static void json_dungeon(FILE *f, const splev_dgn_script *s,
                         const splev_layout *l, int d)
{
    const splev_placed_dungeon *pd = &l->dungeons[d];
    fputs("    {\n      \"name\": ", f);
    json_string(f, pd->name);
    fputs(",\n      \"bones\": ", f);
    json_bones(f, s->dungeons[pd->def].bones);
    fprintf(f, ",\n      \"levels\": %d,\n      \"depth_start\": %d,\n"
            "      \"depth_end\": %d,\n      \"ledger_start\": %d,\n"
            "      \"entry\": %d,\n      \"flags\": ", pd->num_levels,
            pd->depth_start, pd->depth_start + pd->num_levels - 1,
            pd->ledger_start, pd->entry);
    json_flags(f, pd->flags);
    fputs(",\n      \"alignment\": ", f);
    json_string(f, splev_align_name(pd->align));
    fputs(",\n", f);
    json_dungeon_levels(f, s, l, d);
    fputs("    }", f);
}

static void json_skipped(FILE *f, const splev_dgn_script *s,
                         const splev_layout *l)
{
    fputs("  \"skipped\": [", f);
    for (int i = 0; i < l->n_skipped; i++) {
        const splev_dgn_dungeon *d = &s->dungeons[l->skipped[i]];
        fputs(i ? ", {\"name\": " : "{\"name\": ", f);
        json_string(f, d->name);
        fprintf(f, ", \"chance\": %d}", d->chance);
    }
    fputs("],\n", f);
}

static void json_chain(FILE *f, const splev_layout *l)
{
    fputs("  \"chain\": [", f);
    for (int i = 0; i < l->n_chain; i++) {
        const splev_placed_level *pl = &l->levels[l->chain[i]];
        fputs(i ? ",\n    {\"dungeon\": " : "\n    {\"dungeon\": ", f);
        json_string(f, l->dungeons[pl->dungeon].name);
        fputs(", \"name\": ", f);
        json_string(f, pl->name);
        fprintf(f, ", \"level\": %d}", pl->level);
    }
    fputs(l->n_chain ? "\n  ]\n" : "]\n", f);
}

void splev_layout_print_json(FILE *f, const splev_dgn_script *s,
                             const splev_layout *l)
{
    fprintf(f, "{\n  \"seed\": %" PRIu64 ",\n  \"dungeons\": [", l->seed);
    for (int d = 0; d < l->n_dungeons; d++) {
        fputs(d ? ",\n" : "\n", f);
        json_dungeon(f, s, l, d);
    }
    fputs(l->n_dungeons ? "\n  ],\n" : "],\n", f);
    json_skipped(f, s, l);
    fputs("  \"tune\": ", f);
    json_string(f, l->tune);
    fputs(",\n", f);
    json_chain(f, l);
    fputs("}\n", f);
}
