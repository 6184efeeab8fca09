/* dump.c - the text form of the syntax tree printed by --dump-ast.
 *
 * One statement per line with its extent (@line:col-line:col), then one
 * line per argument slot ("name: value"), then its block indented.
 * Expressions print on one line: atoms as written followed by @line:col,
 * compound nodes as (kind@line:col child ...), an absent part as "-".
 * MAP rows print between backquotes.  The statements of an INCLUDEd file
 * follow its "included file" line, with positions in that file. */
#include "lev_front/lev_front.h"
#include "splev/levcomp.h"

#include <string.h>

typedef struct {
    FILE *out;
    const char *file;           /* the file being dumped */
} dumper;

static void indent(dumper *d, int n)
{
    for (int i = 0; i < n; i++)
        fputs("  ", d->out);
}

static void at(dumper *d, lev_pos p)
{
    const char *file = lev_pos_file(p);
    if (file && d->file && strcmp(file, d->file) != 0)
        fprintf(d->out, "@%s:%d:%d", file, p.line, p.col);
    else
        fprintf(d->out, "@%d:%d", p.line, p.col);
}

static void range(dumper *d, lev_pos p)
{
    at(d, p);
    fprintf(d->out, "-%d:%d", p.end_line, p.end_col);
}

/* Bytes as a readable quoted string: \" \\ \n and \xNN for the rest. */
static void quoted(FILE *out, const char *s, char q)
{
    fputc(q, out);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == (unsigned char)q || *p == '\\')
            fprintf(out, "\\%c", *p);
        else if (*p == '\n')
            fputs("\\n", out);
        else if (*p < 0x20 || *p >= 0x7f)
            fprintf(out, "\\x%02X", *p);
        else
            fputc(*p, out);
    }
    fputc(q, out);
}

/* An expression written as one word (a number, a string, a name...);
 * 0 when e is written as a list "(head args...)" instead. */
static int leaf(dumper *d, const lev_expr *e)
{
    FILE *o = d->out;
    switch (e->kind) {
    case LEV_E_INT: fprintf(o, "%d", e->ival); break;
    case LEV_E_STRING: quoted(o, e->sval, '"'); break;
    case LEV_E_CHAR: {
        char s[2] = {(char)e->ival, 0};
        if (e->ival == 0)
            fputs("'\\x00'", o);
        else
            quoted(o, s, '\'');
        break;
    }
    case LEV_E_DICE: fprintf(o, "%dd%d", e->ival, e->ival2); break;
    case LEV_E_PERCENT: fprintf(o, "%d%%", e->ival); break;
    case LEV_E_WORD: fputs(lev_word_name((int)e->ival), o); break;
    case LEV_E_RANDOM:
        if (e->nargs)
            return 0;
        fputs("random", o);
        break;
    case LEV_E_VAR:
        if (e->nargs)
            return 0;
        fputs(e->sval, o);
        if (e->sval2)
            fprintf(o, ".%s", e->sval2);
        break;
    case LEV_E_CALL:
        if (e->ival)
            return 0;
        fputs(e->sval, o);
        break;
    default: return 0;
    }
    at(d, e->pos);
    return 1;
}

/* The head of a list expression: its operator or kind. */
static void head(dumper *d, const lev_expr *e)
{
    FILE *o = d->out;
    switch (e->kind) {
    case LEV_E_VAR:
        fputs(e->sval, o);
        if (e->sval2)
            fprintf(o, ".%s", e->sval2);
        break;
    case LEV_E_CALL: fprintf(o, "%s()", e->sval); break;
    case LEV_E_BINOP: fputc((int)e->ival, o); break;
    case LEV_E_CMP: {
        static const char *const ops[] = {"==", "!=", "<", "<=", ">", ">="};
        fputs(e->ival >= 0 && e->ival < 6 ? ops[e->ival] : "?", o);
        break;
    }
    case LEV_E_TYPED: {
        static const char *const t[] = {"selection:", "terrain:", "monster:",
                                        "object:"};
        fputs(e->ival >= 0 && e->ival < 4 ? t[e->ival] : "?", o);
        break;
    }
    case LEV_E_SEL: fputs(lev_sel_name((int)e->ival), o); break;
    case LEV_E_ATTR: fprintf(o, "%s:", lev_attr_name((int)e->ival)); break;
    default: fputs(lev_expr_kind_name(e->kind), o); break;
    }
}

static void expr(dumper *d, const lev_expr *e)
{
    FILE *o = d->out;
    if (!e) {
        fputc('-', o);
        return;
    }
    if (leaf(d, e))
        return;
    fputc('(', o);
    head(d, e);
    at(d, e->pos);
    for (size_t i = 0; i < e->nargs; i++) {
        fputc(' ', o);
        expr(d, e->args[i]);
    }
    fputc(')', o);
}

static void block(dumper *d, const lev_block *b, int depth);
static void level(dumper *d, const lev_level *l, int depth);

static void stmt(dumper *d, const lev_stmt *s, int depth)
{
    FILE *o = d->out;
    indent(d, depth);
    fputs(lev_stmt_name(s->kind), o);
    if (s->name)
        fprintf(o, " %s", s->name);
    fputc(' ', o);
    range(d, s->pos);
    fputc('\n', o);
    if (s->chance) {
        indent(d, depth + 1);
        fputs("chance: ", o);
        expr(d, s->chance);
        fputc('\n', o);
    }
    const char *slots = lev_stmt_slots(s->kind);
    for (size_t i = 0; i < s->nargs; i++) {
        size_t len = strcspn(slots, ",");
        if (s->args[i]) {
            indent(d, depth + 1);
            fprintf(o, "%.*s: ", (int)len, len ? slots : "arg");
            expr(d, s->args[i]);
            fputc('\n', o);
        }
        slots += len;
        if (*slots == ',')
            slots++;
    }
    for (size_t i = 0; i < s->nattrs; i++) {
        indent(d, depth + 1);
        expr(d, s->attrs[i]);
        fputc('\n', o);
    }
    if (s->kind == LEV_S_MAP && s->map) {
        const lev_map *m = s->map;
        indent(d, depth + 1);
        fprintf(o, "map %zux%zu ", m->width, m->nrows);
        range(d, m->pos);
        fputc('\n', o);
        for (size_t i = 0; i < m->nrows; i++) {
            indent(d, depth + 2);
            fprintf(o, "%d: ", m->rows[i].line);
            quoted(o, m->rows[i].text, '`');
            fputc('\n', o);
        }
    }
    if (s->has_body) {
        indent(d, depth + 1);
        fputs("{\n", o);
        block(d, &s->body, depth + 2);
        indent(d, depth + 1);
        fputs("}\n", o);
    }
    if (s->has_else) {
        indent(d, depth + 1);
        fputs("else {\n", o);
        block(d, &s->else_body, depth + 2);
        indent(d, depth + 1);
        fputs("}\n", o);
    }
    if (s->kind == LEV_S_INCLUDE && s->included) {
        indent(d, depth + 1);
        fprintf(o, "included file \"%s\"\n", s->included->path);
        dumper sub = {o, s->included->path};
        block(&sub, &s->included->header, depth + 2);
        for (size_t i = 0; i < s->included->nlevels; i++)
            level(&sub, s->included->levels[i], depth + 2);
    }
}

static void block(dumper *d, const lev_block *b, int depth)
{
    for (size_t i = 0; i < b->n; i++)
        stmt(d, b->v[i], depth);
}

/* "LEVEL" or NetHack 3.6's "MAZE" header with its fill, then the level. */
static void level(dumper *d, const lev_level *l, int depth)
{
    indent(d, depth);
    fputs(l->maze_fill ? "MAZE " : "LEVEL ", d->out);
    quoted(d->out, l->name, '"');
    fputc(' ', d->out);
    range(d, l->pos);
    if (l->maze_fill) {
        fputs(" fill ", d->out);
        expr(d, l->maze_fill);
    }
    fputc('\n', d->out);
    if (l->flags)
        stmt(d, l->flags, depth + 1);
    block(d, &l->body, depth + 1);
}

void lev_dump(FILE *out, const lev_file *f)
{
    dumper d = {out, f->path};
    fprintf(out, "file \"%s\"%s\n", f->path,
            f->dialect == SPLEV_DIALECT_NETHACK36    ? " (NetHack 3.6)"
            : f->dialect == SPLEV_DIALECT_NETHACK343 ? " (NetHack 3.4.3)"
                                                     : "");
    block(&d, &f->header, 1);
    for (size_t i = 0; i < f->nlevels; i++)
        level(&d, f->levels[i], 1);
}
