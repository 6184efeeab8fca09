/* pushes.c - runs of pushes decoded once per runner.  Most instructions
 * of a fixed-map level push a constant operand, or make a coordinate or
 * region of pushed integers; the run loop copies the values of such a
 * run onto the stack at once (built here) instead of dispatching each
 * instruction.  The table belongs to one script: a run of another script,
 * or of a script whose code or constants differ from the ones it was
 * built from, builds it again. */
#include "interp/vm.h"

#include "common/common.h"

#include <stdlib.h>
#include <string.h>

void vm_pushes_free(vm_pushes *p)
{
    if (!p)
        return;
    free(p->code);
    free(p->consts);
    free(p->runs);
    free(p->vals);
    vm_snapshot_free(p->snap);
    free(p);
}

static int same_script(const vm_pushes *p, const splev_levscript *s)
{
    return p->ninsns == s->n_insns && p->nconsts == s->n_consts &&
           !memcmp(p->code, s->code, s->n_insns * sizeof *s->code) &&
           !memcmp(p->consts, s->consts, s->n_consts * sizeof *s->consts);
}

/* The value a push instruction pushes; 0 when in is not a push. */
static int push_value(const splev_levscript *s, const splev_insn *in, val *x)
{
    memset(x, 0, sizeof *x);
    switch (in->op) {
    case OP_PUSH_INT:
        x->t = SPLEV_V_INT;
        x->a = in->arg;
        return 1;
    case OP_PUSH_CONST:
        *x = vm_val_const(&s->consts[in->arg]);
        return 1;
    case OP_PUSH_NULL:
        return 1;
    default:
        return 0;
    }
}

/* The run from pc on: pushes, coord()/region() of integers this run
 * pushed, folded as op_core would make them, and array elements at an
 * index this run pushed (read at run time). */
static void build_run(vm_pushes *p, const splev_levscript *s, uint32_t pc)
{
    vm_push_run *r = &p->runs[pc];
    r->first = (uint32_t)p->nvals;
    for (uint32_t i = pc; i < s->n_insns; i++) {
        grow_array((void **)&p->vals, &p->capvals, p->nvals + 1,
                   sizeof *p->vals);
        const splev_insn *in = &s->code[i];
        if (push_value(s, in, &p->vals[p->nvals])) {
            p->nvals++;
            r->nvals++;
        } else if (in->op == OP_CORE && r->nvals >= in->n &&
                   vm_core_ints(in, &p->vals[p->nvals - in->n])) {
            p->nvals -= in->n - 1u;
            r->nvals -= in->n - 1u;
        } else if (in->op == OP_GET_ELEM && r->nvals >= 1 &&
                   p->vals[p->nvals - 1].t == SPLEV_V_INT) {
            val *x = &p->vals[p->nvals - 1];   /* the index it pops */
            x->t = VM_V_ELEM;
            x->b = in->arg;
            r->nelems++;
        } else {
            break;
        }
        r->ninsns++;
    }
    if (r->ninsns == 0)
        r->first = 0;
}

/* The opening of main a snapshot may stand for (snapshot.c): straight
 * code of pushes, coord()/region() cores and the statements FLAGS,
 * INIT_MAP and MAP; its end is after the last of those statements (0
 * when there is none). */
static uint32_t opening_end(const splev_levscript *s)
{
    if (s->n_funcs == 0)
        return 0;
    const splev_func *f = &s->funcs[0];
    uint32_t end = 0;
    for (uint32_t pc = f->entry; pc < f->end && pc < s->n_insns; pc++) {
        const splev_insn *in = &s->code[pc];
        switch (in->op) {
        case OP_NOP: case OP_PUSH_INT: case OP_PUSH_CONST: case OP_PUSH_NULL:
            break;
        case OP_CORE:
            if (!(in->arg == CORE_COORD && in->n == 2) &&
                !(in->arg == CORE_REGION && in->n == 4))
                return end;
            break;
        case OP_LEVEL_FLAGS: case OP_INIT_MAP: case OP_MAP:
            end = pc + 1;
            break;
        default:
            return end;
        }
    }
    return end;
}

static vm_pushes *build(const splev_levscript *s)
{
    vm_pushes *p = xcalloc(1, sizeof *p);
    uint32_t n = s->n_insns;
    p->ninsns = n;
    p->nconsts = s->n_consts;
    p->code = xmalloc((n + 1) * sizeof *p->code);
    memcpy(p->code, s->code, n * sizeof *p->code);
    p->consts = xmalloc((s->n_consts + 1) * sizeof *p->consts);
    memcpy(p->consts, s->consts, s->n_consts * sizeof *p->consts);
    p->runs = xcalloc(n + 1, sizeof *p->runs);
    for (uint32_t pc = 0; pc < n; pc++)
        build_run(p, s, pc);
    p->prefix_end = opening_end(s);
    return p;
}

const vm_pushes *vm_pushes_get(vm_pushes **cache, const splev_levscript *s)
{
    if (*cache && !same_script(*cache, s)) {
        vm_pushes_free(*cache);
        *cache = NULL;
    }
    if (!*cache)
        *cache = build(s);
    return *cache;
}
