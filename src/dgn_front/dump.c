/* dump.c - a checked dungeon script as readable text (dgn_comp --dump),
 * one line per record, so tests can assert what the checker built. */
#include "dgn_front/dgn_front.h"

static void flags_text(FILE *f, unsigned flags)
{
    static const char *const names[] = {"town", "hellish", "mazelike",
                                        "roguelike"};
    for (int i = 0; i < 4; i++)
        if (flags & (1u << i))
            fprintf(f, " %s", names[i]);
}

static void bones_text(FILE *f, char b)
{
    if (b)
        fprintf(f, " bones '%c'", b);
    else
        fputs(" bones none", f);
}

static void level_line(FILE *f, const splev_dgn_script *s,
                       const splev_dgn_dungeon *dg, int i)
{
    const splev_dgn_level *l = &s->levels[dg->first_level + i];
    fprintf(f, "  level %d \"%s\"", i, l->name);
    bones_text(f, l->bones);
    if (l->chain >= 0)
        fprintf(f, " chain \"%s\" + (%d, %d)",
                s->levels[dg->first_level + l->chain].name, l->base, l->rand);
    else
        fprintf(f, " @ (%d, %d)", l->base, l->rand);
    if (l->chance != 100)
        fprintf(f, " chance %d%%", l->chance);
    if (l->rndlevs)
        fprintf(f, " variants %d", l->rndlevs);
    flags_text(f, l->flags);
    if (l->align)
        fprintf(f, " %s", splev_align_name(l->align));
    fputc('\n', f);
}

static void branch_line(FILE *f, const splev_dgn_script *s,
                        const splev_dgn_dungeon *dg, int i)
{
    const splev_dgn_branch *b = &s->branches[dg->first_branch + i];
    fprintf(f, "  branch to \"%s\"", s->dungeons[b->target].name);
    if (b->chain >= 0)
        fprintf(f, " chain \"%s\" + (%d, %d)",
                s->levels[dg->first_level + b->chain].name, b->base, b->rand);
    else
        fprintf(f, " @ (%d, %d)", b->base, b->rand);
    fprintf(f, " %s %s\n", splev_branch_type_name(b->type),
            b->up ? "up" : "down");
}

void dgn_dump(FILE *f, const splev_dgn_script *s)
{
    for (int d = 0; d < s->n_dungeons; d++) {
        const splev_dgn_dungeon *dg = &s->dungeons[d];
        fprintf(f, "dungeon %d \"%s\"", d, dg->name);
        bones_text(f, dg->bones);
        fprintf(f, " levels (%d, %d)", dg->base, dg->rand);
        if (dg->chance != 100)
            fprintf(f, " chance %d%%", dg->chance);
        if (dg->entry)
            fprintf(f, " entry %d", dg->entry);
        if (dg->proto[0])
            fprintf(f, " protofile \"%s\"", dg->proto);
        flags_text(f, dg->flags);
        fprintf(f, " %s\n", splev_align_name(dg->align));
        for (int i = 0; i < dg->n_levels; i++)
            level_line(f, s, dg, i);
        for (int i = 0; i < dg->n_branches; i++)
            branch_line(f, s, dg, i);
    }
}
