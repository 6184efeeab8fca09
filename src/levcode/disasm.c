/* disasm.c - a readable listing of a level script (lev_comp --disasm):
 * names come from the opcode table, so the listing can never drift from
 * the code the interpreter runs. */
#include "levcode/opcodes.h"
#include "splev/level.h"
#include "splev/levscript.h"
#include "splev/variant.h"

static void print_text(FILE *f, const char *s, uint32_t len)
{
    putc('"', f);
    for (uint32_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c == 0x7f)
            fprintf(f, "\\x%02x", c);
        else
            putc(c, f);
    }
    putc('"', f);
}

static void print_class(FILE *f, int32_t cls)
{
    if (cls)
        fprintf(f, "'%c'", (char)cls);
    else
        fputs("any", f);
}

/* A constant as the des-file would write it, where that is possible. */
static void print_const(FILE *f, const splev_const *c)
{
    switch (c->type) {
    case SPLEV_V_INT:
        fprintf(f, "%d", (int)c->a);
        break;
    case SPLEV_V_STR:
        print_text(f, c->str, c->len);
        break;
    case SPLEV_V_COORD:
        if (c->c & CF_RANDOM)
            fprintf(f, "coord random flags %d", (int)(c->c & ~CF_RANDOM));
        else
            fprintf(f, "coord (%d,%d)", (int)c->a, (int)c->b);
        break;
    case SPLEV_V_REGION:
        fprintf(f, "region (%d,%d,%d,%d)", (int)c->a, (int)c->b, (int)c->c,
                (int)c->d);
        break;
    case SPLEV_V_MAPCHAR: {
        int ch = splev_terrain_mapchar(c->a);
        static const char *const lit[] = {"default", "random", "unlit", "lit"};
        fprintf(f, "terrain '%c' (%s) %s", ch ? ch : '?',
                c->a == SPLEV_TRANSPARENT ? "keep" : splev_terrain_name(c->a),
                lit[c->b + 2]);
        break;
    }
    case SPLEV_V_MONST:
    case SPLEV_V_OBJ:
        fputs(c->type == SPLEV_V_MONST ? "monster " : "object ", f);
        print_class(f, c->a);
        if (c->str) {
            putc(' ', f);
            print_text(f, c->str, c->len);
        }
        break;
    case SPLEV_V_MAP:
        fprintf(f, "map %dx%d", (int)c->a, (int)c->b);
        break;
    default:
        fprintf(f, "?");
    }
}

static void print_map(FILE *f, const splev_const *c)
{
    for (int y = 0; y < c->b; y++) {
        fputs("        |", f);
        for (int x = 0; x < c->a; x++) {
            int t = (unsigned char)c->str[y * c->a + x];
            int ch = splev_terrain_mapchar(t);
            putc(ch ? ch : '?', f);
        }
        fputs("|\n", f);
    }
}

static void print_insn(FILE *f, const splev_levscript *s, const splev_func *fn,
                       uint32_t pc)
{
    const splev_insn *in = &s->code[pc];
    const splev_opinfo *oi = &splev_ops[in->op];
    fprintf(f, "%6u  %-16s", (unsigned)pc, oi->name);
    switch (oi->arg) {
    case OPARG_INT:
        fprintf(f, " %d", (int)in->arg);
        break;
    case OPARG_CONST:
        if (in->arg >= 0) {
            putc(' ', f);
            print_const(f, &s->consts[in->arg]);
        }
        break;
    case OPARG_JUMP:
        fprintf(f, " -> %u", (unsigned)(pc + in->arg));
        break;
    case OPARG_SLOT: {
        const char *name = s->varnames[fn->first_varname + in->arg];
        fprintf(f, " %s", name);
        break;
    }
    case OPARG_FUNC:
        fprintf(f, " %s", s->funcs[in->arg].name);
        break;
    case OPARG_CORE:
        fprintf(f, " %s", splev_cores[in->arg].spelling);
        break;
    }
    if (in->a)
        fprintf(f, " a=%u", in->a);
    if (in->n)
        fprintf(f, " n=%u", in->n);
    putc('\n', f);
    if (in->op == OP_MAP && in->arg >= 0)
        print_map(f, &s->consts[in->arg]);
}

void splev_lev_disasm(FILE *f, const splev_levscript *s)
{
    fprintf(f, "level \"%s\"", s->name);
    if (s->dialect == SPLEV_DIALECT_NETHACK36)
        fputs(" (NetHack 3.6)", f);
    else if (s->dialect == SPLEV_DIALECT_NETHACK343)
        fputs(" (NetHack 3.4.3)", f);
    const splev_variant *v = s->variant ? splev_variant_get(s->variant) : NULL;
    if (v)
        fprintf(f, " variant %s", v->name);
    if (s->vault_freq)
        fprintf(f, " vault frequency %u", (unsigned)s->vault_freq);
    putc('\n', f);
    uint32_t li = 0, last_line = 0, last_file = (uint32_t)-1;
    for (uint32_t k = 0; k < s->n_funcs; k++) {
        const splev_func *fn = &s->funcs[k];
        if (k == 0)
            fprintf(f, "main: %u slots\n", (unsigned)fn->nslots);
        else
            fprintf(f, "function %s: %u parameters, %u slots\n", fn->name,
                    (unsigned)fn->nparams, (unsigned)fn->nslots);
        for (uint32_t pc = fn->entry; pc < fn->end; pc++) {
            while (li < s->n_lines && s->lines[li].pc <= pc) {
                const splev_line *l = &s->lines[li++];
                if (l->line != last_line || l->file != last_file)
                    fprintf(f, "        ; %s:%u\n", s->files[l->file],
                            (unsigned)l->line);
                last_line = l->line;
                last_file = l->file;
            }
            print_insn(f, s, fn, pc);
        }
    }
}
