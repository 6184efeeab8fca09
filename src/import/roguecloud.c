/* roguecloud.c - read a Rogue Cloud rooms.txt by the server's line rules
 * (spec/FORMATS.md) and turn one room into the nearest NetHack map. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "import/foreign.h"
#include "import/fmap.h"
#include "import/stock.h"

typedef struct rc_assign {
    int set;
    int line;
    int passable, door;
    long top;               /* topmost tile that is not -1, or -1 */
    char name[64];          /* name words, single-spaced */
} rc_assign;

typedef struct rc_row {
    const char *p;          /* trimmed text */
    size_t n;
    int line, col;          /* where p starts */
} rc_row;

typedef struct rc_room {
    char *name;
    int line;
    rc_assign a[128];
    rc_row *rows;
    size_t nrows, caprows;
    int closed;
} rc_room;

typedef struct rc_file {
    const char *src;
    size_t len;
    diag *d;
    int errors;
    rc_room *rooms;
    size_t nrooms, caprooms;
} rc_file;

static void rc_error(rc_file *f, int line, int col, const char *fmt,
                     const char *arg)
{
    diag_error(f->d, (srcpos){line, col, line, col}, fmt, arg);
    f->errors++;
}

static int blank(char c)
{
    return c == ' ' || c == '\t' || c == '\r' || (unsigned char)c < ' ';
}

/* ---- assignments ---- */
static const char *skip_blanks(const char *p, const char *end)
{
    while (p < end && blank(*p))
        p++;
    return p;
}

static const char *word_end(const char *p, const char *end)
{
    while (p < end && !blank(*p))
        p++;
    return p;
}

static int parse_long(const char *p, const char *end, long *out)
{
    const char *q = p;
    if (q < end && *q == '-')
        q++;
    if (q == end || end - q > 9)
        return 0;
    for (const char *r = q; r < end; r++)
        if (!isdigit((unsigned char)*r))
            return 0;
    *out = strtol(p, NULL, 10);
    return 1;
}

/* Name words and annotations after the tile of the last layer. */
static void parse_tail(rc_file *f, rc_assign *a, const char *p,
                       const char *end, int line, const char *lstart)
{
    size_t n = 0;
    for (p = skip_blanks(p, end); p < end; p = skip_blanks(p, end)) {
        const char *e = word_end(p, end);
        size_t wl = (size_t)(e - p);
        if (*p == '@') {
            if (wl == 9 && memcmp(p, "@Passable", 9) == 0)
                a->passable = 1;
            else if (wl == 5 && memcmp(p, "@Door", 5) == 0)
                a->door = 1;
            else if (!(wl == 3 && memcmp(p, "@Bg", 3) == 0))
                diag_warning(f->d, (srcpos){line, (int)(p - lstart) + 1, 0, 0},
                             "unknown annotation (only @Passable, @Door "
                             "and @Bg mean something)");
        } else if (n + wl + 2 < sizeof a->name) {
            if (n)
                a->name[n++] = ' ';
            memcpy(a->name + n, p, wl);
            n += wl;
            a->name[n] = 0;
        }
        p = e;
    }
}

/* One layer "TILE" or "TILE, ROT" (+ names on the last); 0 on error. */
static int parse_layer(rc_file *f, rc_assign *a, const char *p,
                       const char *end, int last, int line, const char *ls)
{
    p = skip_blanks(p, end);
    const char *e = word_end(p, end);
    if (p == e) {
        rc_error(f, line, (int)(p - ls) + 1, "%s", "missing tile number");
        return 0;
    }
    const char *comma = memchr(p, ',', (size_t)(e - p));
    long tile, rot;
    if (!parse_long(p, comma ? comma : e, &tile) ||
        (comma && comma + 1 != e)) {
        rc_error(f, line, (int)(p - ls) + 1, "%s",
                 "bad layer: write TILE or TILE, ROTATION (the comma glued "
                 "to the tile, then a space)");
        return 0;
    }
    if (!rc_tile_valid(tile)) {
        char num[24];
        snprintf(num, sizeof num, "%ld", tile);
        rc_error(f, line, (int)(p - ls) + 1,
                 "tile %s does not exist (not in tile-numbers.txt)", num);
        return 0;
    }
    p = e;
    if (comma) {
        p = skip_blanks(p, end);
        e = word_end(p, end);
        if (!parse_long(p, e, &rot)) {
            rc_error(f, line, (int)(p - ls) + 1, "%s",
                     "rotation must be an integer");
            return 0;
        }
        p = e;
    } else {
        const char *q = skip_blanks(p, end);
        if (q < end && *q == ',') {
            rc_error(f, line, (int)(q - ls) + 1, "%s",
                     "bad layer: the comma must follow the tile number");
            return 0;
        }
    }
    if (a->top == -1)
        a->top = tile;
    if (last) {
        parse_tail(f, a, p, end, line, ls);
    } else if (skip_blanks(p, end) < end) {
        rc_error(f, line, (int)(skip_blanks(p, end) - ls) + 1, "%s",
                 "names and annotations belong on the last layer only");
        return 0;
    }
    return 1;
}

static void parse_assignment(rc_file *f, rc_room *r, const char *p,
                             const char *end, int line, const char *ls)
{
    const char *le = word_end(p, end);
    const char *eq = memchr(p, '=', (size_t)(end - p));
    if (le - p != 1 || (unsigned char)*p >= 128) {
        diag_warning(f->d, (srcpos){line, (int)(p - ls) + 1, 0, 0},
                     "the letter is \"%.*s\", not one character: no grid "
                     "character can use it (write X = TILE)",
                     (int)(le - p), p);
        return;
    }
    rc_assign a = {0};
    a.set = 1;
    a.line = line;
    a.top = -1;
    const char *s = eq + 1;
    while (s <= end) {
        const char *slash = memchr(s, '/', (size_t)(end - s));
        const char *lend = slash ? slash : end;
        if (!parse_layer(f, &a, s, lend, slash == NULL, line, ls))
            return;
        if (!slash)
            break;
        s = slash + 1;
    }
    r->a[(unsigned char)*p] = a;
}

/* ---- the line rules ---- */
static rc_room *new_room(rc_file *f, const char *name, size_t n, int line)
{
    grow_array((void **)&f->rooms, &f->caprooms, f->nrooms + 1,
               sizeof *f->rooms);
    rc_room *r = &f->rooms[f->nrooms++];
    memset(r, 0, sizeof *r);
    r->name = xstrndup(name, n);
    r->line = line;
    return r;
}

static void add_row(rc_room *r, const char *p, size_t n, int line, int col)
{
    grow_array((void **)&r->rows, &r->caprows, r->nrows + 1, sizeof *r->rows);
    r->rows[r->nrows++] = (rc_row){p, n, line, col};
}

static void parse_line(rc_file *f, rc_room **cur, int *in_grid,
                       const char *ls, const char *le, int line)
{
    const char *p = ls, *e = le;
    while (p < e && blank(*p))
        p++;
    while (e > p && blank(e[-1]))
        e--;
    size_t n = (size_t)(e - p);
    if (n && e[-1] == ':') {
        const char *colon = memchr(p, ':', n);
        *cur = new_room(f, p, (size_t)(colon - p), line);
        *in_grid = 0;
    } else if (!*cur) {
        return;
    } else if (n == 1 && *p == '{') {
        *in_grid = 1;
    } else if (*in_grid) {
        if (n && e[-1] == '}') {
            (*cur)->closed = 1;
            *cur = NULL;
            *in_grid = 0;
        } else {
            add_row(*cur, p, n, line, (int)(p - ls) + 1);
        }
    } else if (memchr(p, '=', n)) {
        parse_assignment(f, *cur, p, e, line, ls);
    }
}

static void parse_file(rc_file *f)
{
    rc_room *cur = NULL;
    int in_grid = 0, line = 1;
    const char *p = f->src, *end = f->src + f->len;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *le = nl ? nl : end;
        parse_line(f, &cur, &in_grid, p, le, line++);
        p = nl ? nl + 1 : end;
    }
}

static void free_file(rc_file *f)
{
    for (size_t i = 0; i < f->nrooms; i++) {
        free(f->rooms[i].name);
        free(f->rooms[i].rows);
    }
    free(f->rooms);
}

/* Grid characters: every one must resolve, as the loader demands. */
static void check_grid(rc_file *f, const rc_room *r)
{
    for (size_t y = 0; y < r->nrows; y++) {
        const rc_row *row = &r->rows[y];
        for (size_t x = 0; x < row->n; x++) {
            unsigned char c = (unsigned char)row->p[x];
            int col = row->col + (int)x;
            if (c == '\t') {
                rc_error(f, row->line, col, "%s", "tab in the grid");
                return;
            }
            if (c >= 128) {
                rc_error(f, row->line, col, "%s", "non-ASCII grid character");
                return;
            }
            int letter = c == ' ' || c == '!' || c == '@' ? '*' : c;
            if (!r->a[letter].set) {
                char ch[2] = {(char)c, 0};
                rc_error(f, row->line, col,
                         letter == '*' ? "'%s' needs a * assignment"
                                       : "unknown letter '%s'", ch);
                return;
            }
        }
    }
}

/* ---- tiles to NetHack terrain ---- */
static int in_ranges(long t, const int (*r)[2], size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (t >= r[i][0] && t <= r[i][1])
            return 1;
    return 0;
}

#define IN(t, table) in_ranges(t, table, sizeof table / sizeof table[0])

static const int rc_walls[][2] = {
    {100, 104}, {109, 122}, {142, 144}, {149, 162}, {1039, 1039},
    {1042, 1042}, {1087, 1089}, {1136, 1137}, {2989, 2991}, {3320, 3324},
};
static const int rc_doors[][2] = {
    {106, 108}, {146, 148}, {2903, 2906}, {2908, 2908}, {3916, 3916},
};
static const int rc_water[][2] = {{230, 238}, {240, 248}};
static const int rc_trees[][2] = {{400, 409}, {416, 421}, {2175, 2175},
                                  {2189, 2197}};
static const int rc_dead[][2] = {{410, 415}, {2183, 2183}};
static const int rc_bars[][2] = {{1090, 1090}, {1966, 1969}, {2115, 2118}};
static const int rc_paths[][2] = {{301, 303}, {660, 660}, {2134, 2134}};
static const int rc_stone[][2] = {{2058, 2059}};

typedef struct rc_meaning {
    int typ;
    int thing, arg;
} rc_meaning;

static int has_word(const char *name, const char *w)
{
    size_t n = strlen(w);
    for (const char *p = name; *p; p++)
        if (strncasecmp(p, w, n) == 0 &&
            (p == name || p[-1] == ' ') && (p[n] == 0 || p[n] == ' '))
            return 1;
    return 0;
}

/* What the tile's name says, for names our exporter writes and the
 * corpus uses ("Grave", "Fence"); -1 when the name says nothing. */
static int meaning_from_name(const rc_assign *a, rc_meaning *m)
{
    static const struct { const char *word; int typ; } words[] = {
        {"fountain", SPLEV_FOUNTAIN}, {"throne", SPLEV_THRONE},
        {"sink", SPLEV_SINK}, {"lava", SPLEV_LAVAPOOL}, {"cloud", SPLEV_CLOUD},
        {"air", SPLEV_AIR}, {"bog", SPLEV_BOG}, {"bars", SPLEV_IRONBARS},
        {"fence", SPLEV_IRONBARS},
    };
    const char *n = a->name;
    if (has_word(n, "grave"))
        *m = (rc_meaning){SPLEV_ROOM, FT_GRAVE, 0};
    else if (has_word(n, "altar"))
        *m = (rc_meaning){SPLEV_ROOM, FT_ALTAR, SPLEV_AM_NONE};
    else if (has_word(n, "up") && (has_word(n, "stairs") || has_word(n, "ladder")))
        *m = (rc_meaning){SPLEV_ROOM, FT_STAIR, 1};
    else if (has_word(n, "down") && (has_word(n, "stairs") || has_word(n, "ladder")))
        *m = (rc_meaning){SPLEV_ROOM, FT_STAIR, 0};
    else if (strncasecmp(n, "trap ", 5) == 0 && splev_trap_from_name(n + 5))
        *m = (rc_meaning){SPLEV_ROOM, FT_TRAP, splev_trap_from_name(n + 5)};
    else if (has_word(n, "ice") && !has_word(n, "wall"))
        *m = (rc_meaning){SPLEV_ICE, -1, 0};
    else if (has_word(n, "dead") && has_word(n, "tree"))
        *m = (rc_meaning){SPLEV_DEADTREE, -1, 0};
    else if (strcasecmp(n, "tree") == 0)
        *m = (rc_meaning){SPLEV_TREE, -1, 0};
    else {
        for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
            if (has_word(n, words[i].word)) {
                *m = (rc_meaning){words[i].typ, -1, 0};
                return 1;
            }
        return 0;
    }
    return 1;
}

static rc_meaning meaning_of(const rc_assign *a)
{
    rc_meaning m = {SPLEV_STONE, -1, 0};
    long t = a->top;
    if (meaning_from_name(a, &m))
        return m;
    if (a->door || IN(t, rc_doors))
        m.typ = SPLEV_DOOR;
    else if (a->passable)
        m.typ = IN(t, rc_paths) ? SPLEV_CORR : SPLEV_ROOM;
    else if (t == -1 || IN(t, rc_stone))
        m.typ = SPLEV_STONE;
    else if (IN(t, rc_walls))
        m.typ = SPLEV_HWALL;
    else if (IN(t, rc_water))
        m.typ = SPLEV_MOAT;
    else if (IN(t, rc_trees))
        m.typ = SPLEV_TREE;
    else if (IN(t, rc_dead))
        m.typ = SPLEV_DEADTREE;
    else if (t == 645)
        m.typ = SPLEV_LAVAPOOL;
    else
        m.typ = SPLEV_IRONBARS;   /* bars, fences, furniture: block, see */
    (void)rc_bars;
    return m;
}

static fmap *room_to_fmap(const rc_room *r, const char *name)
{
    int w = 0;
    for (size_t y = 0; y < r->nrows; y++)
        if ((int)r->rows[y].n > w)
            w = (int)r->rows[y].n;
    int h = 0;
    for (size_t y = 0; y < r->nrows; y++)
        if (r->rows[y].n)
            h = (int)y + 1;
    fmap *m = fmap_new(w, h, name);
    for (int y = 0; y < h; y++)
        for (size_t x = 0; x < r->rows[y].n; x++) {
            unsigned char c = (unsigned char)r->rows[y].p[x];
            int letter = c == ' ' || c == '!' || c == '@' ? '*' : c;
            rc_meaning mean = meaning_of(&r->a[letter]);
            fmap_set(m, (int)x, y, mean.typ);
            if (mean.typ == SPLEV_DOOR)
                fmap_add(m, FT_DOOR, (int)x, y, SPLEV_D_CLOSED, 0, NULL);
            if (mean.thing >= 0)
                fmap_add(m, mean.thing, (int)x, y, mean.arg, 0, NULL);
            if (c == '!')
                fmap_add(m, FT_OBJECT, (int)x, y, 0, 0, NULL);
            if (c == '@')
                fmap_add(m, FT_MONSTER, (int)x, y, 0, 0, NULL);
        }
    fmap_orient_walls(m);
    return m;
}

/* Parse and check the whole file (the server refuses it whole). */
static int load_file(rc_file *f, const char *text, size_t len, diag *d)
{
    memset(f, 0, sizeof *f);
    f->src = text;
    f->len = len;
    f->d = d;
    parse_file(f);
    for (size_t i = 0; i < f->nrooms; i++) {
        check_grid(f, &f->rooms[i]);
        if (!f->rooms[i].closed)
            rc_error(f, f->rooms[i].line, 1, "room \"%s\" has no closed grid",
                     f->rooms[i].name);
    }
    if (!f->nrooms && !f->errors)
        rc_error(f, 1, 1, "%s", "no room in the file (a room starts with "
                 "a line \"Name:\")");
    return f->errors == 0;
}

static fmap *read_room(const char *file, const char *text, size_t len,
                       const splev_import_opts *o, diag *d)
{
    rc_file f;
    if (!load_file(&f, text, len, d)) {
        free_file(&f);
        return NULL;
    }
    const rc_room *r = &f.rooms[0];
    if (o && o->room) {
        r = NULL;
        for (size_t i = 0; i < f.nrooms && !r; i++)
            if (strcmp(f.rooms[i].name, o->room) == 0)
                r = &f.rooms[i];
        if (!r) {
            diag_error_nopos(d, "no room named \"%s\"", o->room);
            free_file(&f);
            return NULL;
        }
    }
    (void)file;
    char *name = fmap_level_name(o && o->level_name ? o->level_name : r->name);
    fmap *m = room_to_fmap(r, name);
    free(name);
    free_file(&f);
    return m;
}

char *foreign_import_roguecloud(const char *file, const char *text, size_t len,
                              const splev_import_opts *opts, struct diag *d)
{
    return fmap_import_des(read_room, file, text, len, opts, d);
}

splev_level *foreign_import_roguecloud_level(const char *file, const char *text,
                                           size_t len,
                                           const splev_import_opts *opts,
                                           struct diag *d)
{
    return fmap_import_level(read_room, file, text, len, opts, d);
}

char **foreign_roguecloud_room_names(const char *file, const char *text,
                                   size_t len, struct diag *d)
{
    rc_file f;
    (void)file;
    if (!load_file(&f, text, len, d)) {
        free_file(&f);
        return NULL;
    }
    char **names = xcalloc(f.nrooms + 1, sizeof *names);
    for (size_t i = 0; i < f.nrooms; i++)
        names[i] = xstrdup(f.rooms[i].name);
    free_file(&f);
    return names;
}
