/* vm.c - the level interpreter's machine: values, frames, arithmetic,
 * control flow, core functions and the run loop with its start-of-script
 * set-up.  Statements live in stmt.c, selections in sel.c, coordinates in
 * place.c and the epilogue in epilogue.c. */
#include "interp/vm.h"

#include "common/common.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void splev_genctx_init(splev_genctx *ctx)
{
    memset(ctx, 0, sizeof *ctx);
    ctx->depth = 1;
    ctx->dunlev = 1;
    ctx->hero_align = SPLEV_AM_NEUTRAL;
    ctx->hero_name = "Hero";
    ctx->hero_role = "Valkyrie";
    ctx->hero_race = "human";
    ctx->yyyymmdd = 20000101;
    ctx->can_dig_down = 1;
    ctx->flip = 1;
    ctx->max_steps = 10000000;
    ctx->max_call_depth = 100;
    ctx->max_things = 100000;
    ctx->max_string = 65536;
    ctx->hero_level = 1;
}

/* ---- errors ---- */

void vm_error(vm *v, const char *fmt, ...)
{
    if (v->failed)
        return;
    v->failed = 1;
    uint32_t line = 0;
    const char *file = splev_lev_source(v->s, v->pc, &line);
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (line)
        snprintf(v->err, v->errlen, "%s:%u: error: %s", file, (unsigned)line,
                 msg);
    else
        snprintf(v->err, v->errlen, "%s: error: %s", file, msg);
}

int vm_steps_left(vm *v)
{
    if (v->steps <= v->ctx.max_steps)
        return 1;
    vm_error(v, "step limit of %llu reached (runaway script?)",
             (unsigned long long)v->ctx.max_steps);
    return 0;
}

static const char *type_name(int t)
{
    static const char *const names[] = {
        "nothing", "an integer", "a string", "a coordinate", "a region",
        "a map character", "a monster", "an object", "a selection", "a map"};
    return t >= 0 && t < SPLEV_V_COUNT ? names[t] : "a bad value";
}

int vm_too_many_things(vm *v)
{
    vm_error(v, "more than %zu things on the level", v->ctx.max_things);
    return 0;
}

/* ---- values ---- */

static void val_retain(val *x)
{
    if (!x->own)
        return;
    if (x->t == SPLEV_V_SEL)
        ((vsel *)x->own)->refs++;
    else
        ((vstr *)x->own)->refs++;
}

/* A selection with no references left goes back to its pool. */
static void sel_put(vsel *s)
{
    s->next = *s->pool;
    *s->pool = s;
}

static vsel *sel_get(vsel **pool)
{
    vsel *s = *pool;
    if (s)
        *pool = s->next;
    else
        s = xmalloc(sizeof *s);
    s->refs = 1;
    s->next = NULL;
    s->pool = pool;
    return s;
}

void vm_val_release(val *x)
{
    if (x->own) {
        if (x->t == SPLEV_V_SEL) {
            vsel *s = x->own;
            if (--s->refs == 0)
                sel_put(s);
        } else if (--((vstr *)x->own)->refs == 0) {
            free(x->own);
        }
    }
    memset(x, 0, sizeof *x);
}

val vm_val_sel_new(vm *v)
{
    val x;
    memset(&x, 0, sizeof x);
    vsel *s = sel_get(&v->sel_pool);
    memset(s->col, 0, sizeof s->col);
    s->lo = XN;
    s->hi = -1;
    x.t = SPLEV_V_SEL;
    x.own = s;
    return x;
}

vsel *vm_val_sel_mut(val *x)
{
    vsel *s = x->own;
    if (s->refs > 1) {
        vsel *c = sel_get(s->pool);
        memcpy(c->col, s->col, sizeof c->col);
        c->lo = s->lo;
        c->hi = s->hi;
        s->refs--;
        x->own = c;
        s = c;
    }
    return s;
}

static val val_str_new(const char *a, uint32_t alen, const char *b,
                       uint32_t blen)
{
    val x;
    memset(&x, 0, sizeof x);
    vstr *s = xmalloc(sizeof *s + alen + blen + 1);
    s->refs = 1;
    s->len = alen + blen;
    if (alen)
        memcpy(s->s, a, alen);
    if (blen)
        memcpy(s->s + alen, b, blen);
    s->s[alen + blen] = 0;
    x.t = SPLEV_V_STR;
    x.s = s->s;
    x.len = s->len;
    x.own = s;
    return x;
}

static val val_cstr(const char *text)
{
    return val_str_new(text ? text : "", text ? (uint32_t)strlen(text) : 0,
                       NULL, 0);
}

val vm_val_const(const splev_const *c)
{
    val x;
    memset(&x, 0, sizeof x);
    x.t = c->type;
    x.a = c->a;
    x.b = c->b;
    x.c = c->c;
    x.d = c->d;
    x.s = c->str;
    x.len = c->len;
    return x;
}

/* ---- the operand stack ---- */

static const char *op_name(vm *v)
{
    return splev_ops[v->s->code[v->pc].op].name;
}

/* A popped value of the wrong type: the error, and the value released;
 * 0. */
int vm_pop_mistyped(vm *v, int type, const char *what, val *out)
{
    vm_error(v, "%s: %s must be %s, not %s", op_name(v), what,
             type_name(type), type_name(out->t));
    vm_val_release(out);
    return 0;
}

/* Make room for a function's operands above the current top. */
static void reserve_stack(vm *v, size_t more)
{
    if (v->sp + more + 1 <= v->cap)
        return;
    size_t cap = v->cap ? v->cap : 64;
    while (cap < v->sp + more + 1)
        cap *= 2;
    v->stack = xrealloc(v->stack, cap * sizeof *v->stack);
    v->cap = cap;
}

/* ---- variables ---- */

static slot *cur_slot(vm *v, int32_t i)
{
    return &v->frames[v->nframes - 1].slots[i];
}

static const char *slot_name(vm *v, int32_t i)
{
    const splev_func *f = &v->s->funcs[v->frames[v->nframes - 1].func];
    return v->s->varnames[f->first_varname + (uint32_t)i];
}

static void slot_clear(slot *sl)
{
    vm_val_release(&sl->v);
    for (uint32_t i = 0; i < sl->n; i++)
        vm_val_release(&sl->elems[i]);
    free(sl->elems);
    sl->elems = NULL;
    sl->n = 0;
    sl->is_array = 0;
}

static int need_array(vm *v, slot *sl, int32_t i)
{
    if (sl->is_array)
        return 1;
    vm_error(v, "%s is not an array", slot_name(v, i));
    return 0;
}

static int op_get(vm *v, int32_t i)
{
    slot *sl = cur_slot(v, i);
    if (sl->is_array) {
        vm_error(v, "%s is an array; an element is needed", slot_name(v, i));
        return 0;
    }
    if (sl->v.t == SPLEV_V_NULL) {
        vm_error(v, "%s is used before it is set", slot_name(v, i));
        return 0;
    }
    val x = sl->v;
    val_retain(&x);
    vm_push_val(v, x);
    return 1;
}

static int op_get_elem(vm *v, int32_t i)
{
    int32_t k;
    if (!vm_pop_int(v, "the array index", &k))
        return 0;
    slot *sl = cur_slot(v, i);
    if (!need_array(v, sl, i))
        return 0;
    if (k < 0 || sl->n == 0) {
        vm_error(v, "index %d of %s is out of range", (int)k, slot_name(v, i));
        return 0;
    }
    uint32_t e = (uint32_t)k;
    val x = sl->elems[e < sl->n ? e : e % sl->n];   /* no division mostly */
    val_retain(&x);
    vm_push_val(v, x);
    return 1;
}

static void op_set(vm *v, int32_t i)
{
    slot *sl = cur_slot(v, i);
    slot_clear(sl);
    vm_pop_val(v, &sl->v);
}

static void op_set_array(vm *v, int32_t i, uint16_t n)
{
    slot *sl = cur_slot(v, i);
    slot_clear(sl);
    sl->is_array = 1;
    sl->n = n;
    sl->elems = n ? xcalloc(n, sizeof *sl->elems) : NULL;
    for (uint32_t k = n; k-- > 0;)
        vm_pop_val(v, &sl->elems[k]);
}

/* Fisher-Yates from the top down, the games' order of draws. */
static int op_shuffle(vm *v, int32_t i)
{
    slot *sl = cur_slot(v, i);
    if (!need_array(v, sl, i))
        return 0;
    for (uint32_t k = sl->n; k-- > 1;) {
        uint32_t j = (uint32_t)splev_rn2(&v->rng, (int)k + 1);
        if (j != k) {
            val t = sl->elems[k];
            sl->elems[k] = sl->elems[j];
            sl->elems[j] = t;
        }
    }
    return 1;
}

/* ---- arithmetic ---- */

static int32_t wrap32(int64_t x)
{
    return (int32_t)(uint32_t)(uint64_t)x;
}

static int op_add(vm *v)
{
    val b, a;
    vm_pop_val(v, &b);
    vm_pop_val(v, &a);
    if (a.t == SPLEV_V_INT && b.t == SPLEV_V_INT) {
        vm_push_int(v, wrap32((int64_t)a.a + b.a));
        return 1;
    }
    if (a.t == SPLEV_V_STR && b.t == SPLEV_V_STR) {
        if ((size_t)a.len + b.len > v->ctx.max_string) {
            vm_error(v, "string longer than %zu bytes", v->ctx.max_string);
        } else {
            vm_push_val(v, val_str_new(a.s, a.len, b.s, b.len));
        }
    } else {
        vm_error(v, "cannot add %s and %s", type_name(a.t), type_name(b.t));
    }
    vm_val_release(&a);
    vm_val_release(&b);
    return !v->failed;
}

static int op_math(vm *v, int op)
{
    int32_t b, a;
    if (!vm_pop_int(v, "the right operand", &b) ||
        !vm_pop_int(v, "the left operand", &a))
        return 0;
    int64_t r = 0;
    switch (op) {
    case OP_SUB: r = (int64_t)a - b; break;
    case OP_MUL: r = (int64_t)a * b; break;
    case OP_DIV: r = b < 1 ? 0 : a / b; break;
    case OP_MOD: r = b < 1 ? 0 : a % b; break;
    default: break;
    }
    vm_push_int(v, wrap32(r));
    return 1;
}

static int op_dice(vm *v)
{
    int32_t sides, count;
    if (!vm_pop_int(v, "the dice sides", &sides) ||
        !vm_pop_int(v, "the dice count", &count))
        return 0;
    if (count < 1) count = 1;
    if (sides < 1) sides = 1;
    vm_charge(v, (uint64_t)count);   /* each die is work */
    if (!vm_steps_left(v))
        return 0;
    int64_t sum = 0;
    for (int32_t i = 0; i < count; i++)
        sum += splev_rnd(&v->rng, sides);
    vm_push_int(v, wrap32(sum));
    return 1;
}

static int op_unary(vm *v, int op)
{
    int32_t a;
    if (!vm_pop_int(v, "the operand", &a))
        return 0;
    switch (op) {
    case OP_SIGN: a = a < 0 ? -1 : a > 0; break;
    case OP_RN2: a = a > 1 ? splev_rn2(&v->rng, a) : 0; break;
    case OP_INC: a = wrap32((int64_t)a + 1); break;
    case OP_DEC: a = wrap32((int64_t)a - 1); break;
    default: break;
    }
    vm_push_int(v, a);
    return 1;
}

enum { F_LT = 1, F_GT = 2, F_EQ = 4 };

static int cmp3(int64_t a, int64_t b)
{
    return a < b ? F_LT : a > b ? F_GT : F_EQ;
}

/* Strings compare by bytes (so != works on them); the other scalar types
 * field by field. */
static int op_cmp(vm *v)
{
    val b, a;
    vm_pop_val(v, &b);
    vm_pop_val(v, &a);
    int f = 0;
    if (a.t != b.t) {
        vm_error(v, "cannot compare %s with %s", type_name(a.t),
                 type_name(b.t));
    } else if (a.t == SPLEV_V_STR) {
        uint32_t n = a.len < b.len ? a.len : b.len;
        int c = n ? memcmp(a.s, b.s, n) : 0;
        f = c ? cmp3(c, 0) : cmp3(a.len, b.len);
    } else if (a.t == SPLEV_V_MONST || a.t == SPLEV_V_OBJ) {
        int c = a.a != b.a ? cmp3(a.a, b.a) : F_EQ;
        if (c == F_EQ && (a.s || b.s))
            c = (a.s && b.s && a.len == b.len && !memcmp(a.s, b.s, a.len))
                    ? F_EQ : F_LT;
        f = c;
    } else if (a.t != SPLEV_V_SEL && a.t != SPLEV_V_NULL) {
        f = a.a != b.a ? cmp3(a.a, b.a) : a.b != b.b ? cmp3(a.b, b.b)
            : a.c != b.c ? cmp3(a.c, b.c) : cmp3(a.d, b.d);
    }
    vm_val_release(&a);
    vm_val_release(&b);
    if (v->failed)
        return 0;
    vm_push_int(v, f);
    return 1;
}

static int jump_taken(int op, int f)
{
    switch (op) {
    case OP_JL: return f & F_LT;
    case OP_JLE: return f & (F_LT | F_EQ);
    case OP_JG: return f & F_GT;
    case OP_JGE: return f & (F_GT | F_EQ);
    case OP_JE: return f & F_EQ;
    case OP_JNE: return f & (F_LT | F_GT);
    default: return 1;
    }
}

/* ---- calls ---- */

static void push_frame(vm *v, uint32_t func, uint32_t ret_pc)
{
    if (v->nframes == v->capframes) {
        int cap = v->capframes ? v->capframes * 2 : 8;
        v->frames = xrealloc(v->frames, (size_t)cap * sizeof *v->frames);
        memset(v->frames + v->capframes, 0,
               (size_t)(cap - v->capframes) * sizeof *v->frames);
        v->capframes = cap;
    }
    frame *f = &v->frames[v->nframes++];
    f->func = func;
    f->ret_pc = ret_pc;
    v->end = v->s->funcs[func].end;
    uint16_t n = v->s->funcs[func].nslots;
    if (n > f->capslots) {
        free(f->slots);
        f->slots = xcalloc(n, sizeof *f->slots);
        f->capslots = n;
    } else if (n) {
        memset(f->slots, 0, n * sizeof *f->slots);
    }
    reserve_stack(v, v->s->funcs[func].max_stack);
}

static void pop_frame(vm *v)
{
    frame *f = &v->frames[--v->nframes];
    uint16_t n = v->s->funcs[f->func].nslots;
    for (uint16_t i = 0; i < n; i++)
        slot_clear(&f->slots[i]);
    if (v->nframes > 0)
        v->end = v->s->funcs[v->frames[v->nframes - 1].func].end;
}

static int op_call(vm *v, const splev_insn *in)
{
    if (v->nframes > v->ctx.max_call_depth) {
        vm_error(v, "calls nested deeper than %d (runaway recursion?)",
                 v->ctx.max_call_depth);
        return 0;
    }
    uint32_t f = (uint32_t)in->arg;
    push_frame(v, f, v->pc + 1);
    frame *fr = &v->frames[v->nframes - 1];
    for (uint32_t k = in->n; k-- > 0;)
        vm_pop_val(v, &fr->slots[k].v);
    v->pc = v->s->funcs[f].entry;
    return 1;
}

/* Return from the current function; from function 0 the script ends. */
static void do_return(vm *v)
{
    if (v->nframes == 1) {
        v->exited = 1;
        return;
    }
    uint32_t ret = v->frames[v->nframes - 1].ret_pc;
    pop_frame(v);
    v->pc = ret;
}

/* ---- core functions ---- */

static int room_field(vm *v, int which)
{
    int r = vm_croom(v);
    if (r < 0)
        return 0;
    const splev_room *rm = &v->lev->rooms[r];
    switch (which) {
    case CORE_ROOM_WIDTH: return rm->hx - rm->lx + 1;
    case CORE_ROOM_HEIGHT: return rm->hy - rm->ly + 1;
    case CORE_ROOM_X: return rm->lx;
    default: return rm->ly;
    }
}

static int name_is(const char *name, const val *x)
{
    return name && x->s && strlen(name) == x->len && !memcmp(name, x->s, x->len);
}

static int carrying(vm *v, const val *o)
{
    for (const char *p = v->ctx.carrying; p && *p; p += strlen(p) + 1)
        if (name_is(p, o))
            return 1;
    return 0;
}

static int thing_at(vm *v, const val *what, const val *c, int monster)
{
    int x, y;
    if (!vm_coord(v, c, H_ANY, &x, &y))
        return 0;
    const splev_level *lev = v->lev;
    if (monster) {
        for (size_t i = 0; i < lev->nmonsters; i++) {
            const splev_monster *m = &lev->monsters[i];
            if (m->x == x && m->y == y &&
                (!what->a || what->a == m->cls) &&
                (!what->s || name_is(m->name, what)))
                return 1;
        }
        return 0;
    }
    for (size_t i = 0; i < lev->nobjects; i++) {
        const splev_object *o = &lev->objects[i];
        if (o->x == x && o->y == y && (!what->a || what->a == o->cls) &&
            (!what->s || name_is(o->name, what)))
            return 1;
    }
    return 0;
}

static int core_with_args(vm *v, int fn, val *args, val *out)
{
    out->t = SPLEV_V_INT;
    switch (fn) {
    case CORE_STRING: {
        char buf[16];
        snprintf(buf, sizeof buf, "%d", (int)args[0].a);
        *out = val_cstr(buf);
        return 1;
    }
    case CORE_INTEGER: {
        char buf[32];
        uint32_t n = args[0].len < 31 ? args[0].len : 31;
        memcpy(buf, args[0].s, n);
        buf[n] = 0;
        long l = strtol(buf, NULL, 10);
        out->a = l > INT32_MAX ? INT32_MAX : l < INT32_MIN ? INT32_MIN : (int32_t)l;
        return 1;
    }
    case CORE_COORD:
        out->t = SPLEV_V_COORD;
        if (args[0].a < 0) {
            out->c = CF_RANDOM;
        } else {
            out->a = args[0].a;
            out->b = args[1].a;
        }
        return 1;
    case CORE_REGION:
        out->t = SPLEV_V_REGION;
        out->a = args[0].a;
        out->b = args[1].a;
        out->c = args[2].a;
        out->d = args[3].a;
        return 1;
    case CORE_RND:
        out->a = args[0].a > 0 ? splev_rn2(&v->rng, args[0].a) : 0;
        return 1;
    case CORE_OBJ_AT:
        out->a = thing_at(v, &args[0], &args[1], 0);
        return !v->failed;
    case CORE_MON_AT:
        out->a = thing_at(v, &args[0], &args[1], 1);
        return !v->failed;
    case CORE_CARRYING:
        out->a = carrying(v, &args[0]);
        return 1;
    case CORE_COORD_X:
        out->a = args[0].a;
        return 1;
    case CORE_COORD_Y:
        out->a = args[0].b;
        return 1;
    default:
        return 0;
    }
}

static int core_no_args(vm *v, int fn, val *out)
{
    const splev_genctx *c = &v->ctx;
    out->t = SPLEV_V_INT;
    switch (fn) {
    case CORE_LEVEL_DIFFICULTY:
        out->a = c->difficulty >= 1 ? c->difficulty : c->depth;
        return 1;
    case CORE_LEVEL_DEPTH: out->a = c->depth; return 1;
    case CORE_DISCORDIAN: out->a = c->discordian_holiday; return 1;
    case CORE_PIRATEDAY: out->a = c->pirateday; return 1;
    case CORE_APRILFOOLS: out->a = c->aprilfools; return 1;
    case CORE_PIDAY: out->a = c->piday; return 1;
    case CORE_TOWELDAY: out->a = c->towelday; return 1;
    case CORE_MIDNIGHT: out->a = c->midnight; return 1;
    case CORE_NIGHT: out->a = c->night; return 1;
    case CORE_FRIDAY13: out->a = c->friday13; return 1;
    case CORE_MOON_PHASE: out->a = c->moon_phase; return 1;
    case CORE_YYYYMMDD: out->a = (int32_t)c->yyyymmdd; return 1;
    case CORE_HERO_NAME: *out = val_cstr(c->hero_name); return 1;
    case CORE_HERO_ROLE: *out = val_cstr(c->hero_role); return 1;
    case CORE_HERO_RACE: *out = val_cstr(c->hero_race); return 1;
    case CORE_ROOM_WIDTH: case CORE_ROOM_HEIGHT: case CORE_ROOM_X:
    case CORE_ROOM_Y:
        out->a = room_field(v, fn);
        return 1;
    default:
        return 0;
    }
}


/* coord(x, y) and region(x1, y1, x2, y2) of integers, the common cores:
 * the value into a[0] from the n integers at a (the run loop's push runs
 * fold them too); the operand count, or 0 when in is not one of them. */
int vm_core_ints(const splev_insn *in, val *a)
{
    int fn = in->arg, n = in->n;
    if (!((fn == CORE_COORD && n == 2) || (fn == CORE_REGION && n == 4)))
        return 0;
    for (int k = 0; k < n; k++)
        if (a[k].t != SPLEV_V_INT)
            return 0;
    val r;
    memset(&r, 0, sizeof r);
    if (fn == CORE_REGION) {
        r.t = SPLEV_V_REGION;
        r.a = a[0].a;
        r.b = a[1].a;
        r.c = a[2].a;
        r.d = a[3].a;
    } else {
        r.t = SPLEV_V_COORD;
        if (a[0].a < 0) {
            r.c = CF_RANDOM;
        } else {
            r.a = a[0].a;
            r.b = a[1].a;
        }
    }
    a[0] = r;
    return n;
}

static int op_core(vm *v, const splev_insn *in)
{
    int fn = in->arg;
    if (v->sp >= in->n) {
        int n = vm_core_ints(in, &v->stack[v->sp - in->n]);
        if (n) {
            v->sp -= (size_t)n - 1;
            return 1;
        }
    }
    val args[4];
    memset(args, 0, sizeof args);
    int ok = 1;
    for (int k = in->n; k-- > 0;)
        if (ok)
            ok = vm_pop_type(v, splev_core_arg_type(fn, k), splev_cores[fn].spelling,
                          &args[k]);
        else {
            val t;
            vm_pop_val(v, &t);
            vm_val_release(&t);
        }
    val out;
    memset(&out, 0, sizeof out);
    if (ok)
        ok = in->n ? core_with_args(v, fn, args, &out)
                   : core_no_args(v, fn, &out);
    for (int k = 0; k < in->n; k++)
        vm_val_release(&args[k]);
    if (!ok) {
        if (!v->failed)
            vm_error(v, "core function %s failed", splev_cores[fn].spelling);
        return 0;
    }
    vm_push_val(v, out);
    return 1;
}

/* ---- the run loop ---- */

static int op_control(vm *v, const splev_insn *in, int *jumped)
{
    val x;
    switch (in->op) {
    case OP_NOP: return 1;
    case OP_PUSH_INT: vm_push_int(v, in->arg); return 1;
    case OP_PUSH_CONST: vm_push_val(v, vm_val_const(&v->s->consts[in->arg])); return 1;
    case OP_PUSH_NULL: memset(&x, 0, sizeof x); vm_push_val(v, x); return 1;
    case OP_POP: vm_pop_val(v, &x); vm_val_release(&x); return 1;
    case OP_COPY:
        x = v->stack[v->sp - 1];
        val_retain(&x);
        vm_push_val(v, x);
        return 1;
    case OP_GET: return op_get(v, in->arg);
    case OP_GET_ELEM: return op_get_elem(v, in->arg);
    case OP_SET: op_set(v, in->arg); return 1;
    case OP_SET_ARRAY: op_set_array(v, in->arg, in->n); return 1;
    case OP_LENGTH: {
        slot *sl = cur_slot(v, in->arg);
        if (!need_array(v, sl, in->arg))
            return 0;
        vm_push_int(v, (int32_t)sl->n);
        return 1;
    }
    case OP_SHUFFLE: return op_shuffle(v, in->arg);
    case OP_ADD: return op_add(v);
    case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD: return op_math(v, in->op);
    case OP_SIGN: case OP_RN2: case OP_INC: case OP_DEC: return op_unary(v, in->op);
    case OP_DICE: return op_dice(v);
    case OP_CMP: return op_cmp(v);
    case OP_JMP:
        v->pc = (uint32_t)((int64_t)v->pc + in->arg);
        *jumped = 1;
        return 1;
    case OP_JL: case OP_JLE: case OP_JG: case OP_JGE: case OP_JE: case OP_JNE: {
        int32_t f;
        if (!vm_pop_int(v, "the comparison flags", &f))
            return 0;
        if (jump_taken(in->op, f)) {
            v->pc = (uint32_t)((int64_t)v->pc + in->arg);
            *jumped = 1;
        }
        return 1;
    }
    case OP_CALL: *jumped = 1; return op_call(v, in);
    case OP_RETURN: *jumped = 1; do_return(v); return 1;
    case OP_EXIT: v->exited = 1; return 1;
    case OP_CORE: return op_core(v, in);
    default: return vm_statement(v, in);    /* its unknown instruction */
    }
}

/* One instruction, run by whom the opcode table's row names; the steps
 * its row charges on top of its own (whole maps of cells, for the
 * statements that walk the map or a selection of it) come first. */
static int dispatch(vm *v, const splev_insn *in, int *jumped)
{
    const splev_opinfo *oi = &splev_ops[in->op];
    if (oi->run == OPRUN_VM)
        return op_control(v, in, jumped);
    if (oi->work) {
        vm_charge(v, (uint64_t)oi->work * XN * YN);
        if (!vm_steps_left(v))
            return 0;
    }
    if (oi->run == OPRUN_SEL)
        return vm_sel_op(v, in->op);
    if (oi->run == OPRUN_GEN)
        return vm_gen_statement(v, in);
    /* straight to the function that runs it: fewer call levels */
    switch (in->op) {
    case OP_OBJECT: return vm_st_object(v, in);
    case OP_MONSTER: return vm_st_monster(v, in);
    default: return vm_statement(v, in);
    }
}

/* The arrays a run reads elements of have them (else the run is left
 * to the instructions, which make the error). */
static int run_elems_ok(vm *v, const val *vals, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (vals[i].t == VM_V_ELEM) {
            const slot *sl = cur_slot(v, vals[i].b);
            if (!sl->is_array || vals[i].a < 0 || sl->n == 0)
                return 0;
        }
    return 1;
}

/* A run with elements copied to top, each element read as op_get_elem
 * reads it. */
static void run_elems_copy(vm *v, val *top, const val *vals, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        if (vals[i].t != VM_V_ELEM) {
            top[i] = vals[i];
            continue;
        }
        const slot *sl = cur_slot(v, vals[i].b);
        uint32_t e = (uint32_t)vals[i].a;
        top[i] = sl->elems[e < sl->n ? e : e % sl->n];
        val_retain(&top[i]);
    }
}

/* A run of pushes at once when no step in it can reach the step limit
 * (nor leave the function): 1 if it was done. */
static int push_run(vm *v)
{
    const vm_push_run *r = &v->pushes->runs[v->pc];
    if (r->ninsns == 0 || r->ninsns > v->end - v->pc ||
        v->steps + r->ninsns > v->ctx.max_steps)
        return 0;
    const val *vals = &v->pushes->vals[r->first];
    val *top = &v->stack[v->sp];
    if (r->nelems) {
        if (!run_elems_ok(v, vals, r->nvals))
            return 0;
        run_elems_copy(v, top, vals, r->nvals);
    } else if (r->nvals <= 2) {
        /* one value at least (a run starts with a push), mostly one or
         * two: copied in line, not by a call */
        top[0] = vals[0];
        if (r->nvals == 2)
            top[1] = vals[1];
    } else {
        memcpy(top, vals, r->nvals * sizeof *top);
    }
    v->sp += r->nvals;
    v->steps += r->ninsns;
    v->pc += r->ninsns;
    return 1;
}

/* Run until the script ends, fails, or reaches pc stop. */
static void run_loop(vm *v, uint32_t stop)
{
    const splev_levscript *s = v->s;
    while (!v->failed && !v->exited && v->pc != stop) {
        if (v->pc >= v->end) {
            do_return(v);
            continue;
        }
        int failed_room = vm_room_failed(v);
        /* A run of pushes goes at once, then the instruction after it
         * in the same turn (pushes neither fail nor leave a room). */
        if (!failed_room && push_run(v) &&
            (v->pc >= v->end || v->pc == stop))
            continue;
        vm_charge(v, 1);
        const splev_insn *in = &s->code[v->pc];
        int jumped = 0;
        if (failed_room ? !vm_failed_room_step(v, in)
                        : !dispatch(v, in, &jumped))
            break;
        /* the instruction and the work it charged, at its own line */
        if (!vm_steps_left(v))
            break;
        if (v->gen.vault_failed)
            v->exited = 1;
        if (!jumped)
            v->pc++;
    }
}

/* Shuffle the alignment registers at the start of a script (rn2(3), then
 * rn2(2)), from a fresh {chaotic, neutral, lawful} in every run where the
 * games keep the permutation from level to level. */
static void shuffle_align_registers(vm *v)
{
    v->align_reg[0] = SPLEV_AM_CHAOTIC;
    v->align_reg[1] = SPLEV_AM_NEUTRAL;
    v->align_reg[2] = SPLEV_AM_LAWFUL;
    int i = splev_rn2(&v->rng, 3);
    int t = v->align_reg[2];
    v->align_reg[2] = v->align_reg[i];
    v->align_reg[i] = t;
    if (splev_rn2(&v->rng, 2)) {
        t = v->align_reg[0];
        v->align_reg[0] = v->align_reg[1];
        v->align_reg[1] = t;
    }
}

/* The script's opening (snapshot.c): skipped when the runner has a
 * snapshot of it for this context (sn, whose grid the level already
 * has), else run and kept when it may be. */
static void run_opening(vm *v, const splev_genctx *key, const vm_snapshot *sn)
{
    vm_pushes *p = v->pushes_cache;
    if (sn) {
        vm_snapshot_resume(v, sn);
        return;
    }
    if (!p->prefix_end)
        return;
    splev_rng rng0 = v->rng;
    run_loop(v, p->prefix_end);
    vm_snapshot_take(v, &p->snap, key, &rng0, p->prefix_end);
}

/* What a run leaves behind: values and frames (their buffers stay). */
static void vm_unwind(vm *v)
{
    while (v->nframes > 0)
        pop_frame(v);
    while (v->sp > 0)
        vm_val_release(&v->stack[--v->sp]);
    splev_gen_free(&v->gen);
}

/* The runner: one vm whose buffers (operand stack, frames and their
 * slots) and level survive from run to run. */
struct splev_runner {
    vm v;
    splev_level *lev;
    unsigned resumes;       /* runs that started from a snapshot */
    int lost;               /* a run ran out of memory: its buffers may be
                             * half-updated, so it runs no more and its
                             * memory is not given back */
};

unsigned vm_runner_resumes(const splev_runner *r)
{
    return r->resumes;
}

static splev_runner *runner_new_unguarded(void)
{
    return xcalloc(1, sizeof(splev_runner));
}

/* The entry point: out of memory gives the error result. */
splev_runner *splev_runner_new(void)
{
    OOM_ENTRY(splev_runner *, NULL, runner_new_unguarded());
}

void splev_runner_free(splev_runner *r)
{
    if (!r)
        return;
    if (r->lost) {
        free(r);
        return;
    }
    for (int i = 0; i < r->v.capframes; i++)
        free(r->v.frames[i].slots);
    free(r->v.frames);
    free(r->v.stack);
    while (r->v.sel_pool) {
        vsel *s = r->v.sel_pool;
        r->v.sel_pool = s->next;
        free(s);
    }
    vm_mapcache_free(r->v.maps);
    vm_pushes_free(r->v.pushes_cache);
    splev_level_free(r->lev);
    free(r);
}

static const splev_level *runner_run_unguarded(splev_runner *r,
                                               const splev_levscript *s,
                                               const splev_genctx *ctx,
                                               uint64_t seed, char *err,
                                               size_t errlen)
{
    static char dummy[1];
    vm *v = &r->v;
    val *stack = v->stack;
    size_t cap = v->cap;
    frame *frames = v->frames;
    int capframes = v->capframes;
    vsel *sel_pool = v->sel_pool;
    vm_mapcache *maps = v->maps;
    vm_pushes *pushes = v->pushes_cache;
    memset(v, 0, sizeof *v);
    v->sel_pool = sel_pool;
    v->maps = maps;
    v->pushes_cache = pushes;
    v->stack = stack;
    v->cap = cap;
    v->frames = frames;
    v->capframes = capframes;
    v->s = s;
    v->pushes = vm_pushes_get(&v->pushes_cache, s);
    if (ctx)
        v->ctx = *ctx;
    else
        splev_genctx_init(&v->ctx);
    v->err = errlen ? err : dummy;
    v->errlen = errlen ? errlen : sizeof dummy;
    v->err[0] = 0;
    splev_rng_seed(&v->rng, seed);
    /* the context a snapshot is taken for and compared with */
    splev_genctx dflt;
    const splev_genctx *key = ctx;
    if (!key) {
        splev_genctx_init(&dflt);
        key = &dflt;
    }
    const vm_snapshot *sn = v->pushes_cache->prefix_end
        ? vm_snapshot_usable(v->pushes_cache->snap, s, key) : NULL;
    if (!r->lev)
        r->lev = splev_level_new(s->name);
    else if (!sn)
        splev_level_reset(r->lev, s->name);
    if (sn)
        splev_level_reset_grid(r->lev, s->name, vm_snapshot_grid(sn));
    v->lev = r->lev;
    v->lev->flags = s->flags;
    vm_gen_init(v);
    v->allow_flips = 3;
    v->nnest = 0;
    memset(v->mon_at, 0, sizeof v->mon_at);
    v->mon_noted = 0;
    v->xstart = 1;
    v->ystart = 0;
    v->xsize = SPLEV_COLNO - 1;
    v->ysize = SPLEV_ROWNO;
    shuffle_align_registers(v);
    push_frame(v, 0, 0);
    v->pc = s->funcs[0].entry;
    r->resumes += sn != NULL;
    run_opening(v, key, sn);
    run_loop(v, UINT32_MAX);
    if (!v->failed)
        vm_epilogue(v);
    vm_unwind(v);
    return v->failed ? NULL : r->lev;
}

/* The entry point: out of memory gives "out of memory" in err. */
const splev_level *splev_runner_run(splev_runner *r, const splev_levscript *s,
                                    const splev_genctx *ctx, uint64_t seed,
                                    char *err, size_t errlen)
{
    if (r->lost) {
        snprintf(err, errlen, "out of memory (in an earlier run)");
        return NULL;
    }
    oom_guard g;
    oom_push(&g);
    if (setjmp(g.jb) != 0) {
        r->lost = 1;
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    const splev_level *res = runner_run_unguarded(r, s, ctx, seed, err,
                                                  errlen);
    oom_pop(&g);
    return res;
}

static splev_level *run_unguarded(const splev_levscript *s,
                                  const splev_genctx *ctx, uint64_t seed,
                                  char *err, size_t errlen)
{
    splev_runner *r = splev_runner_new();
    splev_level *lev = NULL;
    if (!r) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (splev_runner_run(r, s, ctx, seed, err, errlen)) {
        lev = r->lev;
        r->lev = NULL;
    }
    splev_runner_free(r);
    return lev;
}

/* The entry point: out of memory gives "out of memory" in err. */
splev_level *splev_run(const splev_levscript *s, const splev_genctx *ctx,
                       uint64_t seed, char *err, size_t errlen)
{
    OOM_ENTRY(splev_level *, oom_report(err, errlen),
              run_unguarded(s, ctx, seed, err, errlen));
}
