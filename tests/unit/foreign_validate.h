/* foreign_validate.h - validators that apply the Asciifarm and Rogue Cloud
 * loaders' rules (spec/FORMATS.md) to our exports, shared by the foreign
 * format tests.  validate_af/validate_rc return NULL when the text would
 * load, else what is wrong. */
#ifndef FOREIGN_VALIDATE_H
#define FOREIGN_VALIDATE_H

#include <stdlib.h>
#include <string.h>

#include "common/common.h"
#include "import/json5.h"
#include "import/stock.h"

static FILE *sink;    /* diagnostics of the cases that should fail */

static diag quiet_diag(const char *file, const char *text)
{
    diag d;
    diag_init(&d, file, text, strlen(text));
    d.out = sink;
    return d;
}

/* ---- Asciifarm validator: the loader's rules plus our promises ---- */
static int af_flags_of(const jv *t, int enc)
{
    const char *name = t->kind == JV_STR ? t->s : NULL;
    if (t->kind == JV_OBJ) {
        const jv *n = jv_get(t, ":template");
        name = n && n->kind == JV_STR ? n->s : NULL;
    }
    if (!name)
        return -1;
    int f = af_stock_flags(name);
    if (f < 0 && enc)
        f = af_own_flags(name);
    return f;
}

static int af_params_ok(const jv *v)
{
    if (v->kind == JV_NULL)
        return 0;
    if (v->kind == JV_ARR) {
        for (size_t i = 0; i < v->n; i++)
            if (!af_params_ok(v->items[i]))
                return 0;
        return 1;
    }
    if (v->kind != JV_OBJ)
        return 1;
    const jv *n = jv_get(v, ":template");
    if (!n || n->kind != JV_STR)
        return 0;
    for (size_t i = 0; i < v->n; i++)
        if (!af_params_ok(v->items[i]))
            return 0;
    return 1;
}

/* Walkable by the game's rule; -1 when the entry is invalid. */
static int af_entry_walk(const jv *e, int enc)
{
    int floor = 0, block = 0;
    size_t n = e->kind == JV_ARR ? e->n : 1;
    for (size_t i = 0; i < n; i++) {
        const jv *t = e->kind == JV_ARR ? e->items[i] : e;
        if (t->kind == JV_ARR || !af_params_ok(t))
            return -1;
        int f = af_flags_of(t, enc);
        if (f < 0)
            return -1;
        floor |= f & AF_FLOOR;
        block |= f & AF_BLOCKING;
    }
    return floor && !block;
}

static const jv *af_lookup(const jv *m, const char *s, size_t *p, size_t len)
{
    long cp = utf8_next(s, len, p);
    for (size_t i = m->n; i-- > 0;) {
        size_t q = 0;
        if (utf8_next(m->keys[i], strlen(m->keys[i]), &q) == cp)
            return m->items[i];
    }
    return NULL;
}

static const char *validate_af(const char *text, int enc)
{
    diag d = quiet_diag("export.json", text);
    jv *root = json5_parse(text, strlen(text), &d);
    const char *bad = NULL;
    const jv *w = jv_get(root, "width"), *h = jv_get(root, "height");
    const jv *sp = jv_get(root, "spawn"), *f = jv_get(root, "field");
    const jv *m = jv_get(root, "mapping"), *pl = jv_get(root, "places");
    if (!root || !w || !h || !sp || !f || !m)
        bad = "missing key or invalid JSON";
    else if (w->kind != JV_INT || h->kind != JV_INT || sp->kind != JV_ARR ||
             sp->n != 2 || sp->items[0]->kind != JV_INT ||
             sp->items[1]->kind != JV_INT)
        bad = "width/height/spawn types";
    else if (f->kind != JV_ARR || (long long)f->n != h->i)
        bad = "field is not height rows";
    int *used = m && m->kind == JV_OBJ ? xcalloc(m->n + 1, sizeof *used) : NULL;
    for (size_t y = 0; !bad && y < f->n; y++) {
        const jv *row = f->items[y];
        if (row->kind != JV_STR || (long long)utf8_count(row->s, row->slen) != w->i) {
            bad = "a row is not exactly width characters";
            break;
        }
        for (size_t p = 0; p < row->slen && !bad;) {
            const jv *e = af_lookup(m, row->s, &p, row->slen);
            if (!e)
                bad = "a field character is not in the mapping";
            else if (af_entry_walk(e, enc) < 0)
                bad = "a mapping entry the game rejects";
            for (size_t i = 0; e && i < m->n; i++)
                used[i] |= m->items[i] == e;
        }
    }
    for (size_t i = 0; !bad && m && i < m->n; i++)
        if (utf8_count(m->keys[i], strlen(m->keys[i])) != 1 || !used[i])
            bad = "a mapping key is not one character or is never used";
    if (!bad) {
        long long sx = sp->items[0]->i, sy = sp->items[1]->i;
        if (sx < 0 || sy < 0 || sx >= w->i || sy >= h->i)
            bad = "spawn outside the room";
        else {
            size_t p = 0;
            const jv *row = f->items[sy];
            for (long long k = 0; k < sx; k++)
                utf8_next(row->s, row->slen, &p);
            if (af_entry_walk(af_lookup(m, row->s, &p, row->slen), enc) != 1)
                bad = "spawn is not walkable";
        }
    }
    for (size_t i = 0; !bad && pl && i < pl->n; i++) {
        const jv *v = pl->items[i];
        if (v->kind != JV_ARR || v->n != 2 || v->items[0]->i < 0 ||
            v->items[0]->i >= w->i || v->items[1]->i < 0 ||
            v->items[1]->i >= h->i)
            bad = "a place outside the room";
    }
    free(used);
    jv_free(root);
    return bad;
}

/* ---- Rogue Cloud validator: the server's line rules, strictly ---- */
static int rc_layers_ok(const char *s, int *passable)
{
    char *copy = xstrdup(s), *save = NULL;
    int ok = 1, nlayer = 0;
    char *layers[16];
    for (char *l = strtok_r(copy, "/", &save); l && nlayer < 16;
         l = strtok_r(NULL, "/", &save))
        layers[nlayer++] = l;
    for (int i = 0; i < nlayer && ok; i++) {
        char *sv = NULL, *tok = strtok_r(layers[i], " ", &sv);
        if (!tok)
            return free(copy), 0;
        size_t tl = strlen(tok);
        int rot = tok[tl - 1] == ',';
        if (rot)
            tok[tl - 1] = 0;
        char *end;
        long t = strtol(tok, &end, 10);
        ok &= *tok && !*end && splev_rc_tile_valid(t) && !strchr(tok, ',');
        if (rot) {
            char *r = strtok_r(NULL, " ", &sv);
            ok &= r && strtol(r, &end, 10) >= 0 && !*end;
        }
        for (char *w = strtok_r(NULL, " ", &sv); w; w = strtok_r(NULL, " ", &sv)) {
            ok &= i == nlayer - 1;
            if (w[0] == '@')
                ok &= !strcmp(w, "@Passable") || !strcmp(w, "@Door") ||
                      !strcmp(w, "@Bg");
            if (!strcmp(w, "@Passable") || !strcmp(w, "@Door"))
                *passable = 1;
        }
    }
    free(copy);
    return ok;
}

static const char *validate_rc(const char *text, int crlf, int *w, int *h)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p > 126 || (*p < ' ' && *p != '\n' && *p != '\r'))
            return "not ASCII";
        if (*p == '\n' && (crlf != (p > (const unsigned char *)text && p[-1] == '\r')))
            return "line ends are mixed";
        if (*p == '\r' && p[1] != '\n')
            return "stray CR";
    }
    char *copy = xstrdup(text), *save = NULL;
    int state = 0, letters[128] = {0}, width = 0, height = 0;
    const char *bad = NULL;
    for (char *l = strtok_r(copy, "\r\n", &save); l && !bad;
         l = strtok_r(NULL, "\r\n", &save)) {
        size_t n = strlen(l);
        if (state == 0) {
            bad = n > 1 && l[n - 1] == ':' ? NULL : "no name line";
            state = 1;
        } else if (state == 1 && !strcmp(l, "{")) {
            state = 2;
        } else if (state == 1) {
            int pass = 0;
            if (n < 5 || l[1] != ' ' || l[2] != '=' || l[3] != ' ' ||
                !rc_layers_ok(l + 4, &pass))
                bad = "bad assignment line";
            else
                letters[(unsigned char)l[0]] = 1 + pass;
        } else if (state == 2 && !strcmp(l, "}")) {
            state = 3;
        } else if (state == 2) {
            if (l[n - 1] == ':' || l[n - 1] == '}' || !strcmp(l, "{") ||
                l[0] == ' ' || l[n - 1] == ' ')
                bad = "a grid row the line rules would misread";
            for (size_t x = 0; x < n && !bad; x++) {
                unsigned char c = (unsigned char)l[x];
                int k = c == '!' || c == '@' ? '*' : c;
                if (c == ' ' || c == '\t' || !letters[k])
                    bad = "grid letter without an assignment";
            }
            width = (int)n > width ? (int)n : width;
            height++;
        } else {
            bad = "text after the room";
        }
    }
    free(copy);
    if (!bad && state != 3)
        bad = "room not closed";
    *w = width;
    *h = height;
    return bad;
}

/* ---- helpers ---- */

#endif
