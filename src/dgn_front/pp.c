/* pp.c - the line conditionals NetHack 3.6's build tool (makedefs -e)
 * applies to dungeon.def before its dungeon compiler sees the text.
 *
 * A control line starts with '^' in column 1:
 *     ^?NAME   start a block that is on when NAME is on
 *     ^!NAME   start a block that is on when NAME is off
 *     ^:       else: the rest of the block has the opposite sense
 *     ^.       end of the block
 *     ^#...    a comment
 *     ^^...    a text line that starts with a literal '^'
 * Blocks nest; a line is kept only when every open block is on.  NAME is on
 * when it was given with -D (the game's tool takes its names from the build
 * configuration instead).  Every control line and every line dropped
 * becomes an empty line, so the lines that stay keep their numbers. */
#include "dgn_front/dgn_front.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 32

typedef struct {
    srcpos pos;         /* the ^? or ^! line, for "unterminated" */
    int on;             /* this block's own sense now */
    int seen_else;
} block;

typedef struct {
    diag *d;
    const dgn_options *opt;
    block stack[MAX_DEPTH];
    int depth;
} ppstate;

static int name_given(const dgn_options *opt, const char *name, size_t n)
{
    for (int i = 0; i < opt->n_defines; i++)
        if (strlen(opt->defines[i]) == n &&
            strncmp(opt->defines[i], name, n) == 0)
            return 1;
    return 0;
}

static int all_on(const ppstate *p)
{
    for (int i = 0; i < p->depth; i++)
        if (!p->stack[i].on)
            return 0;
    return 1;
}

static srcpos line_pos(int line, size_t col, size_t end_col)
{
    srcpos pos = {line, (int)col, line, (int)end_col};
    return pos;
}

/* Nothing but blanks may follow a control word. */
static int rest_blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            return 0;
    return 1;
}

static void open_block(ppstate *p, const char *s, size_t n, int line)
{
    int negate = s[1] == '!';
    size_t k = 2;
    while (k < n && (isalnum((unsigned char)s[k]) || s[k] == '_'))
        k++;
    if (k == 2 || isdigit((unsigned char)s[2])) {
        diag_error(p->d, line_pos(line, 1, 2), "'^%c' needs a name right "
                   "after it (as in ^%cNAME)", s[1], s[1]);
        return;
    }
    if (!rest_blank(s + k, n - k)) {
        diag_error(p->d, line_pos(line, k + 1, n), "unexpected text after "
                   "'^%c%.*s'", s[1], (int)(k - 2), s + 2);
        return;
    }
    if (p->depth >= MAX_DEPTH) {
        diag_error(p->d, line_pos(line, 1, k), "conditional blocks nest "
                   "more than %d deep", MAX_DEPTH);
        return;
    }
    block *b = &p->stack[p->depth++];
    b->pos = line_pos(line, 1, k);
    b->on = name_given(p->opt, s + 2, k - 2) != negate;
    b->seen_else = 0;
}

/* One control line s[0..n) (s[0] == '^') on line `line`. */
static void control(ppstate *p, const char *s, size_t n, int line)
{
    char c = n > 1 ? s[1] : '\0';
    switch (c) {
    case '?':
    case '!':
        open_block(p, s, n, line);
        return;
    case ':':
    case '.':
        if (!rest_blank(s + 2, n - 2))
            diag_error(p->d, line_pos(line, 3, n), "unexpected text after "
                       "'^%c'", c);
        else if (p->depth == 0)
            diag_error(p->d, line_pos(line, 1, 2), "'^%c' without an open "
                       "'^?' or '^!' block", c);
        else if (c == '.')
            p->depth--;
        else if (p->stack[p->depth - 1].seen_else)
            diag_error(p->d, line_pos(line, 1, 2), "a second '^:' in the "
                       "block opened on line %d",
                       p->stack[p->depth - 1].pos.line);
        else {
            p->stack[p->depth - 1].seen_else = 1;
            p->stack[p->depth - 1].on = !p->stack[p->depth - 1].on;
        }
        return;
    case '#':
        return;
    default:
        if (c == '\0' || c == '\n' || c == '\r')
            diag_error(p->d, line_pos(line, 1, 1), "'^' alone is not a "
                       "conditional (use ^?NAME, ^!NAME, ^:, ^., ^# or ^^)");
        else
            diag_error(p->d, line_pos(line, 1, 2), "unknown conditional "
                       "'^%c' (use ^?NAME, ^!NAME, ^:, ^., ^# or ^^)", c);
    }
}

char *dgn_conditionals(diag *d, const char *src, size_t len,
                       const dgn_options *opt, size_t *out_len)
{
    ppstate p;
    memset(&p, 0, sizeof p);
    p.d = d;
    p.opt = opt;
    char *out = xmalloc(len + 1);
    size_t o = 0;
    int line = 1;
    for (size_t i = 0; i < len; line++) {
        const char *nl = memchr(src + i, '\n', len - i);
        size_t n = nl ? (size_t)(nl - (src + i)) : len - i;
        const char *s = src + i;
        if (s[0] == '^' && n > 0 && !(n > 1 && s[1] == '^')) {
            control(&p, s, n, line);
        } else if (all_on(&p)) {
            size_t skip = n > 1 && s[0] == '^' ? 1 : 0;   /* ^^ -> ^ */
            memcpy(out + o, s + skip, n - skip);
            o += n - skip;
        }
        if (nl)
            out[o++] = '\n';
        i += n + (nl ? 1 : 0);
    }
    for (int k = p.depth - 1; k >= 0; k--)
        diag_error(d, p.stack[k].pos, "conditional block opened here is "
                   "not closed with '^.'");
    out[o] = '\0';
    *out_len = o;
    return out;
}
