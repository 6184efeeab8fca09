/* test_library.c - the library's promises to a program that links it:
 * running out of memory anywhere inside a public entry point makes that
 * call return its error result (never an exit), and the diagnostics
 * list reads reports back exactly.  Out of memory is injected at every
 * allocation in turn (mem_fail_after): at some point every call fails,
 * and once the call needs fewer allocations than the countdown it
 * succeeds and gives what it gives without injection.
 *
 * A failed call does not give back what it had taken (the rule of
 * splev.h): LeakSanitizer is told to ignore those blocks, and under
 * valgrind (which would report them) the injection part is not run. */
#include "common/common.h"
#include "splev.h"
#include "unit.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#define LEAKS_OFF() __lsan_disable()
#define LEAKS_ON() __lsan_enable()
#else
#define LEAKS_OFF() ((void)0)
#define LEAKS_ON() ((void)0)
#endif

static const char des[] =
    "LEVEL: \"oom\"\n"
    "ROOM: \"ordinary\", lit, (3,3), (center,center), (6,4) {\n"
    "  MONSTER: 'd', random\n  MONSTER: \"newt\", (1,1)\n"
    "  OBJECT: '(', random\n  TRAP: \"arrow\", random\n"
    "  STAIR: random, down\n}\n";

static int under_valgrind(void)
{
    const char *p = getenv("LD_PRELOAD");
    return p && strstr(p, "vgpreload") != NULL;
}

/* A compile with the n-th allocation failing, in a thread of its own (a
 * compile that ran out of memory leaves its thread unable to compile). */
typedef struct attempt {
    long n;
    splev_levcomp *lc;
    splev_compiled *r;
    int lost;               /* a second compile in the thread gave NULL */
} attempt;

static void *attempt_compile(void *arg)
{
    attempt *a = arg;
    LEAKS_OFF();            /* per thread */
    mem_fail_after(a->n);
    a->r = splev_levcomp_buffer(a->lc, "oom.des", des, sizeof des - 1);
    mem_fail_after(0);
    if (!a->r)
        a->lost = splev_levcomp_buffer(a->lc, "oom.des", des,
                                       sizeof des - 1) == NULL;
    LEAKS_ON();
    return NULL;
}

static splev_compiled *compile_failing(long n, splev_levcomp *lc, int *lost)
{
    attempt a = {n, lc, NULL, 0};
    pthread_t t;
    if (pthread_create(&t, NULL, attempt_compile, &a) != 0)
        return NULL;
    pthread_join(t, NULL);
    *lost += a.lost;
    return a.r;
}

static void test_compile_oom(void)
{
    char err[200];
    splev_levcomp_opts o;
    memset(&o, 0, sizeof o);
    o.diag_out = stdout;
    /* the compiler's emitter is dropped by the first failed compile */
    LEAKS_OFF();
    splev_levcomp *lc = splev_levcomp_new(&o, err, sizeof err);
    splev_compiled *want = splev_levcomp_buffer(lc, "oom.des", des,
                                                sizeof des - 1);
    LEAKS_ON();
    CHECK(want && want->nlevels == 1, "oom: the text compiles");
    long n, failed = 0, wrong = 0;
    int lost = 0;
    splev_compiled *r = NULL;
    LEAKS_OFF();
    for (n = 1; n < 100000; n++) {
        r = compile_failing(n, lc, &lost);
        if (r)
            break;
        failed++;
    }
    LEAKS_ON();
    CHECK(failed > 10, "oom: compile fails at each of the first %ld "
          "allocations", failed);
    CHECK(lost == failed, "oom: and its thread compiles no more");
    wrong = !r || r->nlevels != 1 || r->levels[0].len != want->levels[0].len
            || memcmp(r->levels[0].bytes, want->levels[0].bytes,
                      r->levels[0].len) != 0;
    CHECK(!wrong, "oom: with %ld allocations allowed the same script", n);
    /* the compiler that saw every failure still works */
    splev_compiled *again = splev_levcomp_buffer(lc, "oom.des", des,
                                                 sizeof des - 1);
    CHECK(again && again->nlevels == 1, "oom: the compiler is still usable");

    splev_names *names = splev_names_builtin(SPLEV_DIALECT_UNNETHACK);
    splev_genctx ctx;
    splev_genctx_init(&ctx);
    ctx.names = names;
    splev_level *lw = splev_run(want->levels[0].script, &ctx, 5, err,
                                sizeof err);
    char *jw = splev_level_to_json(lw);
    long run_failed = 0, json_failed = 0;
    splev_level *lev = NULL;
    char *j = NULL;
    LEAKS_OFF();
    for (n = 1; n < 100000 && !lev; n++) {
        mem_fail_after(n);
        lev = splev_run(want->levels[0].script, &ctx, 5, err, sizeof err);
        mem_fail_after(0);
        if (!lev) {
            run_failed++;
            if (strcmp(err, "out of memory") != 0)
                break;
        }
    }
    for (n = 1; n < 100000 && !j; n++) {
        mem_fail_after(n);
        j = splev_level_to_json(lw);
        mem_fail_after(0);
        json_failed += j == NULL;
    }
    size_t elen = 0;
    unsigned char *enc = NULL;
    long enc_failed = 0;
    for (n = 1; n < 100000 && !enc; n++) {
        mem_fail_after(n);
        enc = splev_lev_encode(want->levels[0].script, &elen);
        mem_fail_after(0);
        enc_failed += enc == NULL;
    }
    LEAKS_ON();
    CHECK(enc && enc_failed > 0 && elen == want->levels[0].len &&
          memcmp(enc, want->levels[0].bytes, elen) == 0,
          "oom: encode fails %ld times, then the same bytes", enc_failed);
    free(enc);
    CHECK(lev && run_failed > 0, "oom: run fails with \"out of memory\" "
          "%ld times, then runs", run_failed);
    char *jl = lev ? splev_level_to_json(lev) : NULL;
    CHECK(jl && strcmp(jl, jw) == 0, "oom: then the same level");
    CHECK(j && json_failed > 0 && strcmp(j, jw) == 0,
          "oom: to_json fails %ld times, then the same text", json_failed);
    free(jl);
    free(j);
    free(jw);
    splev_level_free(lev);
    splev_level_free(lw);
    splev_names_free(names);
    splev_compiled_free(again);
    splev_compiled_free(r);
    splev_compiled_free(want);
    splev_levcomp_free(lc);
}

static void test_diags(void)
{
    splev_diags *d = splev_diags_new();
    static const char text[] = "a.des:3:7: error: unknown word 'x'\n"
                               " MONSTER: x\n"
                               "          ^\n"
                               "b: c.des:12: warning: w: error: not this\n"
                               "a.des: error: too many errors, stopping\n"
                               "not a report\n";
    diags_read_text(d, text, sizeof text - 1);
    CHECK(splev_diags_count(d) == 3, "diags: three reports of six lines "
          "(%zu)", splev_diags_count(d));
    const splev_diagnostic *g = splev_diags_get(d, 0);
    CHECK(g && strcmp(g->file, "a.des") == 0 && g->line == 3 &&
          g->column == 7 && g->severity == SPLEV_SEV_ERROR &&
          strcmp(g->message, "unknown word 'x'") == 0,
          "diags: file, line, column, severity, message");
    g = splev_diags_get(d, 1);
    CHECK(g && strcmp(g->file, "b: c.des") == 0 && g->line == 12 &&
          g->column == 0 && g->severity == SPLEV_SEV_WARNING &&
          strcmp(g->message, "w: error: not this") == 0,
          "diags: the first severity ends the place; line without column");
    g = splev_diags_get(d, 2);
    CHECK(g && g->line == 0 && g->column == 0 &&
          strcmp(g->message, "too many errors, stopping") == 0,
          "diags: a report without a position");
    CHECK(splev_diags_errors(d) == 2 && splev_diags_warnings(d) == 1,
          "diags: counts");
    CHECK(splev_diags_get(d, 3) == NULL, "diags: past the end is NULL");
    splev_diags_free(d);
}

/* The public importers report into a list instead of printing. */
static void test_import_diags(void)
{
    static const char bad[] = "{\n  \"spawn\": [1, 2],\n  \"grid\": 7\n}\n";
    splev_diags *d = splev_diags_new();
    char *text = splev_import_asciifarm("room.json", bad, sizeof bad - 1,
                                        NULL, d);
    CHECK(text == NULL, "import: bad room gives NULL");
    const splev_diagnostic *g = splev_diags_get(d, 0);
    CHECK(splev_diags_errors(d) >= 1 && g && strcmp(g->file, "room.json") == 0
          && g->line > 0 && g->severity == SPLEV_SEV_ERROR,
          "import: the error as a record (%s:%d:%d: %s)", g ? g->file : "-",
          g ? g->line : 0, g ? g->column : 0, g ? g->message : "-");
    free(text);
    splev_diags_free(d);
}

/* Run CALL with the n-th allocation failing, n = 1, 2, ... until it
 * succeeds (OK true); FAILED counts the failures, each checked by BAD
 * (the error result) and KEPT (the level as it was). */
#define UNTIL_OK(failed, OK, CALL, BAD, KEPT)                        \
    do {                                                             \
        int bad_ = 0;                                                \
        for (long n_ = 1; n_ < 10000; n_++) {                        \
            mem_fail_after(n_);                                      \
            CALL;                                                    \
            mem_fail_after(0);                                       \
            if (OK)                                                  \
                break;                                               \
            (failed)++;                                              \
            bad_ |= !(BAD) || !(KEPT);                               \
        }                                                            \
        CHECK(!bad_ && (failed) > 0 && (OK),                         \
              "oom: %s fails %ld times, keeps the level, then works", \
              #CALL, (long)(failed));                                \
    } while (0)

/* The level-building entry points a game calls itself: out of memory
 * gives their error result and leaves the level as it was. */
static void test_level_oom(void)
{
    LEAKS_OFF();
    long f = 0;
    splev_level *lev = NULL;
    UNTIL_OK(f, lev != NULL, lev = splev_level_new("oom"), 1, 1);
    /* enough records that the next ones grow the arrays */
    for (int i = 0; i < 8; i++) {
        splev_level_add_stair(lev, SPLEV_SK_STAIR, i, 1, 0, "x");
        splev_level_add_monster(lev, i, 2, 'd', "jackal");
        splev_level_add_message(lev, "m");
    }
    splev_stair *st = NULL;
    f = 0;
    UNTIL_OK(f, st != NULL,
             st = splev_level_add_stair(lev, SPLEV_SK_STAIR, 9, 1, 0,
                                        "a destination of its own"),
             st == NULL, lev->nstairs == 8);
    CHECK(lev->nstairs == 9 && strcmp(lev->stairs[8].dest,
                                      "a destination of its own") == 0,
          "oom: then the stair is added");
    splev_monster *m = NULL;
    f = 0;
    UNTIL_OK(f, m != NULL,
             m = splev_level_add_monster(lev, 9, 2, 'd', "a new name"),
             m == NULL, lev->nmonsters == 8);
    int rc = -1;
    f = 0;
    UNTIL_OK(f, rc == 0, rc = splev_level_add_message(lev, "a message"),
             rc == -1, lev->nmessages == 8);
    rc = -1;
    f = 0;
    UNTIL_OK(f, rc == 0, rc = splev_set_string(&lev->stairs[0].dest,
                                                "another destination"),
             rc == -1, strcmp(lev->stairs[0].dest, "x") == 0);
    rc = -1;
    f = 0;
    UNTIL_OK(f, rc == 0, rc = splev_level_reset(lev, "renamed"),
             rc == -1, strcmp(lev->name, "oom") == 0 && lev->nstairs == 9);
    CHECK(lev->nstairs == 0 && strcmp(lev->name, "renamed") == 0,
          "oom: then the level is reset");
    splev_level_free(lev);

    splev_genctx ctx;
    splev_genctx_init(&ctx);
    splev_level *want = splev_stdgen_rooms(&ctx, 7), *got = NULL;
    f = 0;
    UNTIL_OK(f, got != NULL, got = splev_stdgen_rooms(&ctx, 7), 1, 1);
    char *jw = splev_level_to_json(want), *jg = splev_level_to_json(got);
    CHECK(jw && jg && strcmp(jw, jg) == 0, "oom: then the same rooms level");
    free(jw);
    free(jg);
    splev_level_free(want);
    splev_level_free(got);
    got = NULL;
    f = 0;
    UNTIL_OK(f, got != NULL, got = splev_stdgen_maze(&ctx, 7), 1, 1);
    splev_level_free(got);
    LEAKS_ON();
}

int main(void)
{
    test_diags();
    test_import_diags();
    if (!under_valgrind()) {
        test_compile_oom();
        test_level_oom();
    }
    return unit_status();
}
