/* ast.c - constructors and destructors of the des-file syntax tree, and the
 * name tables the dump and the messages use. */
#include "lev_front/ast.h"

#include "common/common.h"

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

/* ---- expressions ---- */
lev_expr *lev_expr_new(enum lev_expr_kind kind, lev_pos pos)
{
    lev_expr *e = xcalloc(1, sizeof *e);
    e->kind = kind;
    e->pos = pos;
    e->depth = 1;
    return e;
}

void lev_expr_add(lev_expr *e, lev_expr *arg)
{
    e->args = xrealloc(e->args, (e->nargs + 1) * sizeof *e->args);
    e->args[e->nargs++] = arg;
    if (arg && arg->depth + 1 > e->depth)
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

/* Recursion is bounded: the parser refuses trees deeper than
 * LEV_MAX_EXPR_DEPTH. */
void lev_expr_free(lev_expr *e)
{
    if (!e)
        return;
    for (size_t i = 0; i < e->nargs; i++)
        lev_expr_free(e->args[i]);
    free(e->args);
    free(e->sval);
    free(e->sval2);
    free(e);
}

/* ---- statements ---- */
lev_stmt *lev_stmt_new(enum lev_stmt_kind kind, lev_pos pos)
{
    lev_stmt *s = xcalloc(1, sizeof *s);
    s->kind = kind;
    s->pos = pos;
    return s;
}

void lev_stmt_arg(lev_stmt *s, lev_expr *arg)
{
    s->args = xrealloc(s->args, (s->nargs + 1) * sizeof *s->args);
    s->args[s->nargs++] = arg;
}

void lev_stmt_attr(lev_stmt *s, lev_expr *attr)
{
    s->attrs = xrealloc(s->attrs, (s->nattrs + 1) * sizeof *s->attrs);
    s->attrs[s->nattrs++] = attr;
}

void lev_stmt_free(lev_stmt *s)
{
    if (!s)
        return;
    lev_expr_free(s->chance);
    for (size_t i = 0; i < s->nargs; i++)
        lev_expr_free(s->args[i]);
    free(s->args);
    for (size_t i = 0; i < s->nattrs; i++)
        lev_expr_free(s->attrs[i]);
    free(s->attrs);
    free(s->name);
    lev_block_free(&s->body);
    lev_block_free(&s->else_body);
    lev_map_free(s->map);
    lev_file_free(s->included);
    free(s);
}

void lev_block_add(lev_block *b, lev_stmt *s)
{
    if (b->n == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 8;
        b->v = xrealloc(b->v, b->cap * sizeof *b->v);
    }
    b->v[b->n++] = s;
}

void lev_block_free(lev_block *b)
{
    for (size_t i = 0; i < b->n; i++)
        lev_stmt_free(b->v[i]);
    free(b->v);
    b->v = NULL;
    b->n = b->cap = 0;
}

/* ---- MAP blocks ---- */
lev_map *lev_map_new(void)
{
    return xcalloc(1, sizeof(lev_map));
}

void lev_map_add_row(lev_map *m, const char *text, size_t len, int line)
{
    if (m->nrows == m->cap) {
        m->cap = m->cap ? m->cap * 2 : 16;
        m->rows = xrealloc(m->rows, m->cap * sizeof *m->rows);
    }
    lev_map_row *r = &m->rows[m->nrows++];
    r->text = xstrndup(text, len);
    r->len = len;
    r->line = line;
    r->cells = xmalloc(len + 1);
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] < '0' || text[i] > '9')
            r->cells[n++] = text[i];
    r->cells[n] = '\0';
    r->ncells = n;
    if (n > m->width)
        m->width = n;
}

void lev_map_free(lev_map *m)
{
    if (!m)
        return;
    for (size_t i = 0; i < m->nrows; i++) {
        free(m->rows[i].text);
        free(m->rows[i].cells);
    }
    free(m->rows);
    free(m);
}

/* ---- levels and files ---- */
lev_level *lev_level_new(lev_pos pos, char *name, lev_pos name_pos)
{
    lev_level *l = xcalloc(1, sizeof *l);
    l->pos = pos;
    l->name = name;
    l->name_pos = name_pos;
    return l;
}

void lev_level_free(lev_level *l)
{
    if (!l)
        return;
    free(l->name);
    lev_stmt_free(l->flags);
    lev_block_free(&l->body);
    free(l);
}

lev_file *lev_file_new(const char *path)
{
    lev_file *f = xcalloc(1, sizeof *f);
    f->path = xstrdup(path);
    return f;
}

void lev_file_add_level(lev_file *f, lev_level *l)
{
    if (f->nlevels == f->cap) {
        f->cap = f->cap ? f->cap * 2 : 8;
        f->levels = xrealloc(f->levels, f->cap * sizeof *f->levels);
    }
    f->levels[f->nlevels++] = l;
}

void lev_file_free(lev_file *f)
{
    if (!f)
        return;
    lev_block_free(&f->header);
    for (size_t i = 0; i < f->nlevels; i++)
        lev_level_free(f->levels[i]);
    free(f->levels);
    free(f->path);
    free(f->src);
    free(f);
}
