/* ast.c - constructors and destructors of the des-file syntax tree, and the
 * name tables the dump and the messages use. */
#include "lev_front/ast.h"

#include "common/common.h"
#include "lev_front/arena.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const word_names[] = {
    "?",
#define X(e, s, c) s,
    LEV_VALUE_WORDS(X)
#undef X
};

const char *lev_word_name(int w)
{
    return w > 0 && w < LEV_W_COUNT ? word_names[w] : "?";
}

static const char *const stmt_names[] = {
#define X(e, s, a) s,
    LEV_STMT_KINDS(X)
#undef X
};
static const char *const stmt_slots[] = {
#define X(e, s, a) a,
    LEV_STMT_KINDS(X)
#undef X
};
static const char *const expr_names[] = {
#define X(e, s) s,
    LEV_EXPR_KINDS(X)
#undef X
};
static const char *const sel_names[] = {
#define X(e, s, a) s,
    LEV_SEL_OPS(X)
#undef X
};
static const char *const sel_slots[] = {
#define X(e, s, a) a,
    LEV_SEL_OPS(X)
#undef X
};
static const char *const attr_names[] = {
#define X(e, s) s,
    LEV_ATTR_KEYS(X)
#undef X
};

const char *lev_stmt_name(enum lev_stmt_kind k)
{
    return (unsigned)k < LEV_S_COUNT ? stmt_names[k] : "?";
}
const char *lev_stmt_slots(enum lev_stmt_kind k)
{
    return (unsigned)k < LEV_S_COUNT ? stmt_slots[k] : "";
}
const char *lev_expr_kind_name(enum lev_expr_kind k)
{
    return (unsigned)k < LEV_E_COUNT ? expr_names[k] : "?";
}
const char *lev_sel_name(int op)
{
    return op >= 0 && op < LEV_SEL_COUNT ? sel_names[op] : "?";
}
const char *lev_sel_slots(int op)
{
    return op >= 0 && op < LEV_SEL_COUNT ? sel_slots[op] : "";
}
const char *lev_attr_name(int key)
{
    return key >= 0 && key < LEV_A_COUNT ? attr_names[key] : "?";
}

/* ---- where nodes live ----
 * A lev_file is allocated together with the arena that holds its tree and
 * the list of the files it owns (INCLUDEs). */
typedef struct file_box {
    lev_file file;              /* first: a lev_file * is a file_box * */
    lev_arena arena;
    struct file_box *children, *next_sibling;
} file_box;

static _Thread_local lev_arena *current;

/* File numbers of positions: paths[id] is the path of the live lev_file
 * numbered id (NULL once it is freed).  The table is dropped when the
 * last file is freed, so numbers do not grow without end in a process
 * that parses files one after another. */
static _Thread_local struct {
    const char **paths;
    unsigned n, cap, live;
} files;

static unsigned file_number(const char *path)
{
    if (files.n == 0)
        files.n = 1;                    /* 0 is "no file" */
    if (files.n >= files.cap) {
        files.cap = files.cap ? files.cap * 2 : 16;
        files.paths = xrealloc(files.paths, files.cap * sizeof *files.paths);
    }
    files.paths[files.n] = path;
    files.live++;
    return files.n++;
}

static void file_number_free(unsigned id)
{
    if (id == 0 || id >= files.n)
        return;
    files.paths[id] = NULL;
    if (--files.live == 0) {
        free(files.paths);
        files.paths = NULL;
        files.n = files.cap = 0;
    }
}

const char *lev_pos_file(lev_pos p)
{
    return p.file < files.n ? files.paths[p.file] : NULL;
}

static file_box *box_of(lev_file *f)
{
    return (file_box *)(void *)f;
}

lev_arena *lev_file_arena(lev_file *f)
{
    return &box_of(f)->arena;
}

lev_arena *lev_arena_current(void)
{
    return current;
}

lev_arena *lev_arena_use(lev_arena *a)
{
    lev_arena *prev = current;
    current = a;
    return prev;
}

void lev_file_adopt(lev_file *f, lev_file *child)
{
    file_box *b = box_of(f), *c = box_of(child);
    c->next_sibling = b->children;
    b->children = c;
}

/* The arena of the node being built. */
static lev_arena *arena(void)
{
    if (!current) {
        fprintf(stderr, "fatal: a lev syntax tree node was made with no "
                        "lev_file alive to own it (see ast.h)\n");
        abort();
    }
    return current;
}

/* Arrays of pointers that only grow by one: the capacity is implicit, the
 * smallest power of two that holds n, so growing costs no field and the
 * total copying stays linear.  Most arrays hold one pointer (an attribute's
 * value, a statement's only slot): they take 8 bytes, not 16. */
static void **push_ptr(void **v, size_t n, void *item)
{
    if (n == 0)
        v = lev_arena_alloc(arena(), sizeof *v);
    else if ((n & (n - 1)) == 0)
        v = lev_arena_grow(arena(), v, n * sizeof *v, 2 * n * sizeof *v);
    v[n] = item;
    return v;
}

void **lev_ptr_array(size_t n)
{
    size_t cap = 1;
    while (cap < n)
        cap *= 2;
    return lev_arena_alloc(arena(), cap * sizeof(void *));
}

/* ---- expressions ---- */
lev_expr *lev_expr_new(enum lev_expr_kind kind, lev_pos pos)
{
    if (LEV_EXPR_HAS_STRINGS(kind)) {
        lev_expr *e = lev_arena_alloc(arena(), sizeof *e);
        *e = (lev_expr){.kind = kind, .pos = pos, .depth = 1};
        return e;
    }
    /* without sval and sval2 (ast.h) */
    lev_expr *e = lev_arena_alloc(arena(), offsetof(lev_expr, sval));
    e->kind = kind;
    e->depth = 1;
    e->nargs = 0;
    e->pos = pos;
    e->ival = 0;
    e->args = NULL;
    return e;
}

void lev_expr_add(lev_expr *e, lev_expr *arg)
{
    e->args = (lev_expr **)push_ptr((void **)e->args, e->nargs, arg);
    e->nargs++;
    if (arg && arg->depth + 1 > e->depth && arg->depth < 0xFFFF)
        e->depth = arg->depth + 1;
}

lev_expr *lev_expr_int(lev_pos pos, long v)
{
    lev_expr *e = lev_expr_new(LEV_E_INT, pos);
    e->ival = v;
    return e;
}

lev_expr *lev_expr_word(lev_pos pos, int word)
{
    lev_expr *e = lev_expr_new(LEV_E_WORD, pos);
    e->ival = word;
    return e;
}

lev_expr *lev_expr_str(enum lev_expr_kind kind, lev_pos pos, char *s)
{
    lev_expr *e = lev_expr_new(kind, pos);
    e->sval = s;
    return e;
}

lev_expr *lev_expr_op(enum lev_expr_kind kind, long op, lev_pos pos,
                      lev_expr *a, lev_expr *b)
{
    lev_expr *e = lev_expr_new(kind, pos);
    e->ival = op;
    lev_expr_add(e, a);
    if (b)
        lev_expr_add(e, b);
    return e;
}

/* Nodes live in their file's arena: dropping one frees nothing. */
void lev_expr_free(lev_expr *e)
{
    (void)e;
}

/* ---- statements ---- */
lev_stmt *lev_stmt_new(enum lev_stmt_kind kind, lev_pos pos)
{
    lev_stmt *s = lev_arena_alloc(arena(), sizeof *s);
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->pos = pos;
    return s;
}

void lev_stmt_arg(lev_stmt *s, lev_expr *arg)
{
    s->args = (lev_expr **)push_ptr((void **)s->args, s->nargs, arg);
    s->nargs++;
}

void lev_stmt_attr(lev_stmt *s, lev_expr *attr)
{
    s->attrs = (lev_expr **)push_ptr((void **)s->attrs, s->nattrs, attr);
    s->nattrs++;
}

void lev_stmt_free(lev_stmt *s)
{
    (void)s;
}

void lev_block_add(lev_block *b, lev_stmt *s)
{
    if (b->n == b->cap) {
        unsigned cap = b->cap ? b->cap * 2 : 2;
        b->v = lev_arena_grow(arena(), b->v, b->cap * sizeof *b->v,
                              cap * sizeof *b->v);
        b->cap = cap;
    }
    b->v[b->n++] = s;
}

/* Empties the block; its statements stay in the arena. */
void lev_block_free(lev_block *b)
{
    b->v = NULL;
    b->n = b->cap = 0;
}

/* ---- MAP blocks ---- */
lev_map *lev_map_new(void)
{
    lev_map *m = lev_arena_alloc(arena(), sizeof *m);
    *m = (lev_map){.rows = NULL};
    return m;
}

void lev_map_add_row(lev_map *m, const char *text, size_t len, int line)
{
    int digits = 0;
    for (size_t i = 0; i < len; i++)
        digits |= (unsigned char)(text[i] - '0') <= 9;
    lev_map_add_row_known(m, text, len, line, digits);
}

void lev_map_add_row_known(lev_map *m, const char *text, size_t len,
                           int line, int digits)
{
    lev_arena *a = arena();
    if (m->nrows == m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 16;
        m->rows = lev_arena_grow(a, m->rows, m->cap * sizeof *m->rows,
                                 cap * sizeof *m->rows);
        m->cap = cap;
    }
    lev_map_row *r = &m->rows[m->nrows++];
    /* The raw row; the row without digits is the same text unless it has
     * margin digits (rare), which get a filtered copy. */
    char *t = lev_arena_alloc(a, len + 1);
    memcpy(t, text, len);
    t[len] = '\0';
    char *cells = t;
    size_t n = len;
    if (digits) {
        cells = lev_arena_alloc(a, len + 1);
        n = 0;
        for (size_t i = 0; i < len; i++) {
            char c = text[i];
            cells[n] = c;
            n += (unsigned char)(c - '0') > 9;
        }
        cells[n] = '\0';
    }
    r->text = t;
    r->len = len;
    r->line = line;
    r->cells = cells;
    r->ncells = n;
    if (n > m->width)
        m->width = n;
}

void lev_map_free(lev_map *m)
{
    (void)m;
}

/* ---- levels and files ---- */
lev_level *lev_level_new(lev_pos pos, char *name, lev_pos name_pos)
{
    lev_level *l = lev_arena_alloc(arena(), sizeof *l);
    *l = (lev_level){.pos = pos, .name = name, .name_pos = name_pos};
    return l;
}

void lev_level_free(lev_level *l)
{
    (void)l;
}

lev_file *lev_file_new(const char *path)
{
    file_box *b = xcalloc(1, sizeof *b);
    lev_arena_init(&b->arena);
    b->file.path = lev_arena_strndup(&b->arena, path, strlen(path));
    b->file.id = file_number(b->file.path);
    current = &b->arena;
    return &b->file;
}

void lev_file_add_level(lev_file *f, lev_level *l)
{
    if (f->nlevels == f->cap) {
        size_t cap = f->cap ? f->cap * 2 : 8;
        f->levels = lev_arena_grow(lev_file_arena(f), f->levels,
                                   f->cap * sizeof *f->levels,
                                   cap * sizeof *f->levels);
        f->cap = cap;
    }
    f->levels[f->nlevels++] = l;
}

void lev_file_free(lev_file *f)
{
    if (!f)
        return;
    file_box *b = box_of(f);
    while (b->children) {
        file_box *c = b->children;
        b->children = c->next_sibling;
        lev_file_free(&c->file);
    }
    if (current == &b->arena)
        current = NULL;
    file_number_free(f->id);
    lev_arena_release(&b->arena);
    free(f->src);
    free(b);
}
