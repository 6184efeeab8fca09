/* test_fuzz_seeds.c - the fuzzing seed set reaches every opcode.
 *
 * The seeds are the des-files of tests/fuzz/seeds/des (compiled here) and
 * the level scripts of tests/fuzz/seeds/lev_bin; both seed the des and
 * lev_bin harnesses (tests/fuzz/corpus.sh).  Each seed must run to its end
 * under the harnesses' limits (fuzz_util.h) with seed 1, and together
 * their code must hold every opcode of src/levcode/opcodes.h: the check
 * names any opcode that no seed holds.  Four opcodes are never written by
 * lev_comp (NOP, INC, RETURN, LEVEL_FLAGS); the script asm-ops.lev, built
 * here by hand, holds them:
 *   test_fuzz_seeds --write-seeds DIR    writes DIR/asm-ops.lev */
#define _POSIX_C_SOURCE 200809L
#include "common/common.h"
#include "splev/levcomp.h"

#include "interp_asm.h"
#include "../fuzz/fuzz_util.h"
#include "unit.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

static int seen[OP_COUNT_];

/* Flags, a NOP, an INC, and a call of a function that RETURNs. */
static splev_levscript *asm_ops(tasm *a)
{
    asm_init(a);
    asm_emit(a, OP_LEVEL_FLAGS, 0, 0, 1);
    E0(a, NOP);
    EI(a, 41);
    E0(a, INC);
    E0(a, POP);
    asm_emit(a, OP_CALL, 0, 0, 1);
    E0(a, EXIT);
    asm_func(a, "f", 0);
    E0(a, NOP);
    E0(a, RETURN);
    return asm_build(a, "asm-ops");
}

static void run_seed(const char *what, const splev_levscript *s)
{
    for (uint32_t i = 0; i < s->n_insns; i++)
        if (s->code[i].op < OP_COUNT_)
            seen[s->code[i].op] = 1;
    splev_genctx ctx;
    fuzz_genctx(&ctx, 1);
    char err[512];
    err[0] = '\0';
    splev_level *lev = splev_run(s, &ctx, 1, err, sizeof err);
    CHECK(lev != NULL, "%s runs under the fuzzing limits%s%s", what,
          lev ? "" : ": ", err);
    splev_level_free(lev);
}

static void des_seeds(splev_levcomp *lc, const char *dir)
{
    DIR *d = opendir(dir);
    CHECK(d != NULL, "%s is there", dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 4, ".des") != 0)
            continue;
        char *path = xasprintf("%s/%s", dir, e->d_name);
        splev_compiled *c = splev_levcomp_file(lc, path);
        CHECK(c->errors == 0 && c->nlevels > 0, "%s compiles", path);
        for (size_t i = 0; i < c->nlevels; i++) {
            char err[256];
            splev_levscript *s = splev_lev_decode(c->levels[i].bytes,
                                                  c->levels[i].len, err,
                                                  sizeof err);
            CHECK(s != NULL, "%s: level %s loads", path, c->levels[i].name);
            if (s)
                run_seed(c->levels[i].name, s);
            splev_lev_free(s);
        }
        splev_compiled_free(c);
        free(path);
    }
    if (d)
        closedir(d);
}

static void lev_seeds(const char *dir)
{
    DIR *d = opendir(dir);
    CHECK(d != NULL, "%s is there", dir);
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char *path = xasprintf("%s/%s", dir, e->d_name);
        char err[256];
        size_t len = 0;
        char *b = read_whole_file(path, 1u << 20, &len, err, sizeof err);
        splev_levscript *s =
            b ? splev_lev_decode((unsigned char *)b, len, err, sizeof err)
              : NULL;
        CHECK(s != NULL, "%s loads%s%s", path, s ? "" : ": ", s ? "" : err);
        if (s)
            run_seed(path, s);
        splev_lev_free(s);
        free(b);
        free(path);
    }
    if (d)
        closedir(d);
}

static int write_seeds(const char *dir)
{
    static tasm a;
    splev_levscript *s = asm_ops(&a);
    if (!s)
        return 1;
    size_t len = 0;
    unsigned char *b = splev_lev_encode(s, &len);
    char *path = xasprintf("%s/asm-ops.lev", dir);
    char err[256];
    int r = write_file_atomic(path, b, len, err, sizeof err);
    if (r != 0)
        fprintf(stderr, "%s: %s\n", path, err);
    free(path);
    free(b);
    splev_lev_free(s);
    return r != 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--write-seeds") == 0)
        return write_seeds(argv[2]);
    static tasm a;
    splev_levscript *s = asm_ops(&a);
    CHECK(s != NULL, "the hand-made script of the four opcodes verifies");
    splev_lev_free(s);

    splev_levcomp_opts o;
    memset(&o, 0, sizeof o);
    o.bytes_only = 1;
    char err[256];
    splev_levcomp *lc = splev_levcomp_new(&o, err, sizeof err);
    CHECK(lc != NULL, "a des compiler");
    if (!lc)
        return unit_status();
    des_seeds(lc, "tests/fuzz/seeds/des");
    splev_levcomp_free(lc);
    lev_seeds("tests/fuzz/seeds/lev_bin");

    bytebuf missing;
    bb_init(&missing);
    int nmissing = 0;
    for (int op = 0; op < OP_COUNT_; op++)
        if (!seen[op]) {
            bb_printf(&missing, " %s", splev_ops[op].name);
            nmissing++;
        }
    bb_u8(&missing, 0);
    CHECK(nmissing == 0, "every opcode is in a seed (%d missing:%s)",
          nmissing, nmissing ? (char *)missing.data : " none");
    bb_free(&missing);
    return unit_status();
}
