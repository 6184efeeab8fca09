/* Unit tests of the dungeon layout: many seeds of scripts covering every
 * placement rule must lay out and pass splev_layout_validate; exact golden
 * layouts for a few seeds (cross-checked against an independent model of
 * the documented draw order); failures with messages instead of aborts or
 * hangs; and a validator that does notice broken layouts. */
#include "dgn_fixtures.h"
#include "unit.h"

#define SEEDS 1000

static char err[512];

/* ---- helpers ---- */

static splev_layout *clone_layout(const splev_layout *l)
{
    splev_layout *c = malloc(sizeof *c);
    *c = *l;
    c->dungeons = malloc(((size_t)l->n_dungeons + 1) * sizeof *c->dungeons);
    c->levels = malloc(((size_t)l->n_levels + 1) * sizeof *c->levels);
    c->branches = malloc(((size_t)l->n_branches + 1) * sizeof *c->branches);
    c->skipped = malloc(((size_t)l->n_skipped + 1) * sizeof *c->skipped);
    c->chain = malloc(((size_t)l->n_chain + 1) * sizeof *c->chain);
    memcpy(c->dungeons, l->dungeons, (size_t)l->n_dungeons * sizeof *c->dungeons);
    memcpy(c->levels, l->levels, (size_t)l->n_levels * sizeof *c->levels);
    memcpy(c->branches, l->branches, (size_t)l->n_branches * sizeof *c->branches);
    memcpy(c->skipped, l->skipped, (size_t)l->n_skipped * sizeof *c->skipped);
    memcpy(c->chain, l->chain, (size_t)l->n_chain * sizeof *c->chain);
    return c;
}

static int find_level(const splev_layout *l, const char *name)
{
    for (int i = 0; i < l->n_levels; i++)
        if (strcmp(l->levels[i].name, name) == 0)
            return i;
    return -1;
}

static int find_dungeon(const splev_layout *l, const char *name)
{
    for (int i = 0; i < l->n_dungeons; i++)
        if (strcmp(l->dungeons[i].name, name) == 0)
            return i;
    return -1;
}

static int branch_to(const splev_layout *l, int d)
{
    for (int i = 0; i < l->n_branches; i++)
        if (l->branches[i].to_dungeon == d)
            return i;
    return -1;
}

/* The printed text or JSON of a layout, in a malloc'd string. */
static char *printed(const splev_dgn_script *s, const splev_layout *l,
                     int json)
{
    FILE *f = tmpfile();
    if (json)
        splev_layout_print_json(f, s, l);
    else
        splev_layout_print_text(f, s, l);
    long n = ftell(f);
    rewind(f);
    char *text = calloc((size_t)n + 1, 1);
    if (fread(text, 1, (size_t)n, f) != (size_t)n)
        text[0] = '\0';
    fclose(f);
    return text;
}

/* ---- many seeds ---- */

static void test_many_seeds(const char *what, const splev_dgn_script *s)
{
    int made = 0, valid = 0;
    char first_err[600] = "";
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        splev_layout *l = splev_dgn_layout(s, seed, err, sizeof err);
        if (!l) {
            if (!first_err[0])
                snprintf(first_err, sizeof first_err, "seed %d: %s",
                         (int)seed, err);
            continue;
        }
        made++;
        if (splev_layout_validate(s, l, err, sizeof err) == 0)
            valid++;
        else if (!first_err[0])
            snprintf(first_err, sizeof first_err, "seed %d: %s", (int)seed,
                     err);
        splev_layout_free(l);
    }
    CHECK(made == SEEDS, "%s: %d seeds lay out %s", what, SEEDS, first_err);
    CHECK(valid == SEEDS, "%s: %d layouts pass the validator %s", what,
          SEEDS, first_err);
}

/* ---- golden layouts ---- */

/* Values from an independent model of doc/formats.md "Dungeon layout: draw
 * order", which agrees with the library on seeds 1..300 of every fixture. */
static void test_golden_tiny(void)
{
    fixture f;
    fx_tiny(&f);
    splev_layout *l = splev_dgn_layout(&f.s, 1, err, sizeof err);
    CHECK(l && l->n_dungeons == 2 && l->dungeons[0].num_levels == 12 &&
              l->dungeons[1].num_levels == 4 &&
              l->dungeons[1].depth_start == 0 &&
              l->dungeons[1].ledger_start == 12 && l->dungeons[1].entry == 4,
          "tiny seed 1: Main 12 levels, Mines 4 levels from depth 0");
    CHECK(l && l->n_levels == 3 && l->levels[0].level == 6 &&
              l->levels[1].level == 8 && strcmp(l->levels[1].file, "bigrm-3") == 0 &&
              l->levels[2].level == 4 && l->levels[2].depth == 3 &&
              l->levels[2].ledger == 16 &&
              strcmp(l->levels[2].file, "minend-2") == 0,
          "tiny seed 1: oracle 6, bigrm-3 at 8, minend-2 at 4 (depth 3)");
    CHECK(l && l->n_branches == 1 && l->branches[0].from_level == 2 &&
              l->branches[0].to_level == 4 && !l->branches[0].floating &&
              l->tune[0] == '\0',
          "tiny seed 1: stair from Main 2 to Mines 4, no tune");
    splev_layout_free(l);

    l = splev_dgn_layout(&f.s, 3, err, sizeof err);
    CHECK(l && l->dungeons[0].num_levels == 11 && l->n_levels == 2 &&
              l->levels[0].level == 5 && l->levels[1].level == 4 &&
              strcmp(l->levels[1].file, "minend-2") == 0 &&
              l->branches[0].from_level == 4 &&
              l->dungeons[1].depth_start == 2,
          "tiny seed 3: no bigrm, oracle 5, branch at 4, Mines from depth 2");
    splev_layout_free(l);
}

static void test_golden_unnethack(void)
{
    fixture f;
    fx_unnethack(&f);
    splev_layout *l = splev_dgn_layout(&f.s, 1, err, sizeof err);
    if (!l) {
        CHECK(0, "unnethack seed 1 lays out: %s", err);
        return;
    }
    int castle = find_level(l, "castle"), oracle = find_level(l, "oracle");
    CHECK(l->dungeons[0].num_levels == 28 && castle >= 0 &&
              l->levels[castle].level == 28 && oracle >= 0 &&
              l->levels[oracle].level == 9 &&
              strcmp(l->levels[find_level(l, "bigrm")].file, "bigrm-11") == 0,
          "unnethack seed 1: 28 levels, oracle 9, bigrm-11, castle 28");
    CHECK(strcmp(l->tune, "CGFBB") == 0, "unnethack seed 1: tune CGFBB");
    int planes = find_dungeon(l, "The Elemental Planes");
    int water = find_level(l, "water"), air = find_level(l, "air");
    int earth = find_level(l, "earth"), fire = find_level(l, "fire");
    int astral = find_level(l, "astral");
    CHECK(planes >= 0 && l->chain[astral] == astral &&
              l->chain[astral + 1] == water && l->chain[astral + 2] == air &&
              l->chain[astral + 3] == earth && l->chain[astral + 4] == fire,
          "unnethack seed 1: planes visited water, air, earth, fire");
    int gnomes = find_dungeon(l, "The Gnomish Mines");
    CHECK(gnomes >= 0 && l->dungeons[gnomes].depth_start == 5 &&
              l->branches[branch_to(l, gnomes)].from_level == 4,
          "unnethack seed 1: Mines entered from level 4, depth 5");
    splev_layout_free(l);
}

/* ---- conventions over many seeds ---- */

static void test_unnethack_conventions(void)
{
    fixture f;
    fx_unnethack(&f);
    int orders[24] = {0}, n_orders = 0, dummy_ok = 1, floating_ok = 1;
    int tune_ok = 1;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        splev_layout *l = splev_dgn_layout(&f.s, seed, err, sizeof err);
        if (!l)
            continue;
        int e = find_level(l, "earth"), d = find_level(l, "dummy");
        dummy_ok &= l->levels[e].depth == -1 && l->levels[d].depth == 0;
        int ludios = branch_to(l, find_dungeon(l, "Fort Ludios"));
        int advent = branch_to(l, find_dungeon(l, "Advent Calendar"));
        int floats = 0;
        for (int i = 0; i < l->n_branches; i++)
            floats += l->branches[i].floating;
        floating_ok &= floats == 2 && l->branches[ludios].floating &&
                       l->branches[advent].floating &&
                       ludios >= l->n_branches - 2 &&
                       advent >= l->n_branches - 2;
        tune_ok &= strlen(l->tune) == 5 && strspn(l->tune, "ABCDEFG") == 5;
        int a = find_level(l, "astral"), code = 0;
        for (int i = 1; i <= 4; i++)
            code = code * 4 + (l->chain[a + i] - a - 1);
        int seen = 0;
        for (int i = 0; i < n_orders; i++)
            seen |= orders[i] == code;
        if (!seen && n_orders < 24)
            orders[n_orders++] = code;
        splev_layout_free(l);
    }
    CHECK(dummy_ok, "dummy fix: earth is depth -1 and dummy 0 on every seed");
    CHECK(floating_ok, "branches to Ludios and the Advent Calendar float, "
          "sorted last");
    CHECK(tune_ok, "the castle tune is five notes A..G");
    CHECK(n_orders == 24, "all 24 plane orders occur (%d)", n_orders);
}

static void test_features_conventions(void)
{
    fixture f;
    fx_features(&f);
    int hidden_skipped = 0, vault_skipped = 0, ok = 1, variants[4] = {0};
    int entry_ok = 1, maybe = 0;
    for (uint64_t seed = 1; seed <= SEEDS; seed++) {
        splev_layout *l = splev_dgn_layout(&f.s, seed, err, sizeof err);
        if (!l)
            continue;
        int hidden = find_dungeon(l, "Hidden"), vault = find_dungeon(l, "Vault");
        hidden_skipped += hidden < 0;
        vault_skipped += vault < 0;
        /* a skipped dungeon: recorded, without branches; later ones fine */
        ok &= l->n_dungeons + l->n_skipped == 7 &&
              l->n_branches == l->n_dungeons - 1 &&
              find_dungeon(l, "Tower") >= 0 && find_dungeon(l, "Extra") >= 0 &&
              find_level(l, "tower2") >= 0 &&
              l->levels[find_level(l, "tower2")].level ==
                  l->levels[find_level(l, "tower1")].level + 1;
        ok &= (vault < 0) == (find_level(l, "knox") < 0) && l->tune[0] == 0;
        int below = find_dungeon(l, "Below");
        entry_ok &= l->dungeons[below].entry == l->dungeons[below].num_levels - 1;
        int k = find_level(l, "sidetown");
        variants[l->levels[k].variant < 4 ? l->levels[k].variant : 3]++;
        maybe += find_level(l, "maybe") >= 0;
        splev_layout_free(l);
    }
    CHECK(ok, "skipped dungeons leave no branches; later dungeons and "
          "their chains still work");
    CHECK(hidden_skipped > 520 && hidden_skipped < 680,
          "a 40%% dungeon is skipped about 60%% of the time (%d/1000)",
          hidden_skipped);
    CHECK(vault_skipped > 320 && vault_skipped < 480,
          "a 60%% dungeon is skipped about 40%% of the time (%d/1000)",
          vault_skipped);
    CHECK(maybe > 420 && maybe < 580, "a 50%% level exists about half the "
          "time (%d/1000)", maybe);
    CHECK(variants[1] > 150 && variants[2] > 150 && variants[3] > 150 &&
              variants[0] == 0,
          "variants are drawn from 1..rndlevs");
    CHECK(entry_ok, "ENTRY -2 is the level above the bottom");
}

/* ---- failures ---- */

static void test_impossible(void)
{
    fixture f;
    fx_init(&f);
    fx_dungeon(&f, "Tiny", "", 0, N, UN, 100, 2, 0, 0);
    fx_level(&f, "a", 0, N, UN, 100, NULL, 1, -1, 0);
    fx_level(&f, "b", 0, N, UN, 100, NULL, 1, -1, 0);
    fx_level(&f, "c", 0, N, UN, 100, NULL, 1, -1, 0);
    fx_finish(&f);
    splev_layout *l = splev_dgn_layout(&f.s, 1, err, sizeof err);
    CHECK(!l && strcmp(err, "dungeon 'Tiny': cannot place its special levels")
                    == 0,
          "three special levels in two levels: '%s'", err);
    splev_layout_free(l);

    /* 30 levels anywhere, then two that both need the bottom: the search
     * would try every arrangement of the 30; the budget ends it. */
    fx_init(&f);
    fx_dungeon(&f, "Deep", "", 0, N, UN, 100, 32, 0, 0);
    static const char *names[30] = {
        "l0", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "l8", "l9",
        "l10", "l11", "l12", "l13", "l14", "l15", "l16", "l17", "l18", "l19",
        "l20", "l21", "l22", "l23", "l24", "l25", "l26", "l27", "l28", "l29"};
    for (int i = 0; i < 30; i++)
        fx_level(&f, names[i], 0, N, UN, 100, NULL, 1, -1, 0);
    fx_level(&f, "bottom", 0, N, UN, 100, NULL, -1, 0, 0);
    fx_level(&f, "bottom2", 0, N, UN, 100, NULL, -1, 0, 0);
    fx_finish(&f);
    l = splev_dgn_layout(&f.s, 7, err, sizeof err);
    CHECK(!l && strcmp(err, "dungeon 'Deep': cannot place its special levels")
                    == 0,
          "an adversarial backtracking case ends within the budget: '%s'",
          err);
    splev_layout_free(l);
}

static void test_range_errors(void)
{
    fixture f;
    fx_init(&f);
    fx_dungeon(&f, "Small", "", 0, N, UN, 100, 10, 0, 0);
    fx_level(&f, "far", 0, N, UN, 100, NULL, 20, 0, 0);
    fx_finish(&f);
    splev_layout *l = splev_dgn_layout(&f.s, 1, err, sizeof err);
    CHECK(!l && strcmp(err, "dungeon 'Small': level 'far' does not fit in "
                       "its 10 levels") == 0,
          "a level below the bottom: '%s'", err);

    fx_init(&f);
    fx_dungeon(&f, "Small", "", 0, N, UN, 100, 10, 0, 0);
    fx_level(&f, "up", 0, N, UN, 100, NULL, -12, 0, 0);
    fx_finish(&f);
    l = splev_dgn_layout(&f.s, 1, err, sizeof err);
    CHECK(!l && strcmp(err, "dungeon 'Small': level 'up' does not fit in its "
                       "10 levels") == 0,
          "a level above the top: '%s'", err);

    fx_init(&f);
    fx_dungeon(&f, "Small", "", 0, N, UN, 100, 10, 0, 0);
    fx_branch(&f, "Other", NULL, 15, 0, SPLEV_BR_STAIR, 0);
    fx_dungeon(&f, "Other", "", 0, N, UN, 100, 2, 0, 0);
    fx_finish(&f);
    l = splev_dgn_layout(&f.s, 1, err, sizeof err);
    CHECK(!l && strcmp(err, "dungeon 'Small': branch to 'Other' does not fit "
                       "in its 10 levels") == 0,
          "a branch below the bottom: '%s'", err);

    /* A chain that leaves the dungeon for some placements of its base. */
    fx_fragile(&f);
    int failed = 0, good = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        l = splev_dgn_layout(&f.s, seed, err, sizeof err);
        if (l)
            good++;
        else
            failed += strcmp(err, "dungeon 'Small': level 'next' does not "
                             "fit in its 10 levels") == 0;
        splev_layout_free(l);
    }
    CHECK(failed > 0 && good > 0 && failed + good == 200,
          "a chain off the bottom is an error for the seeds that hit it "
          "(%d failed, %d good)", failed, good);
}

/* ---- the validator notices broken layouts ---- */

typedef void (*mutation)(splev_layout *l);

static void m_share_level(splev_layout *l)
{
    l->levels[1].level = l->levels[0].level;
}
static void m_depth(splev_layout *l) { l->levels[0].depth++; }
static void m_ledger(splev_layout *l) { l->dungeons[1].ledger_start++; }
static void m_dungeon_depth(splev_layout *l) { l->dungeons[1].depth_start--; }
static void m_entry(splev_layout *l) { l->branches[0].to_level = 1; }
static void m_branch_range(splev_layout *l) { l->branches[0].from_level = 1; }
static void m_tune(splev_layout *l) { memcpy(l->tune, "AAAAA", 6); }
static void m_chain(splev_layout *l) { l->chain[0] = 1; l->chain[1] = 0; }
static void m_outside(splev_layout *l) { l->levels[2].level = 5; }
static void m_variant(splev_layout *l) { l->levels[1].variant = 4; }
static void m_floating(splev_layout *l) { l->branches[0].floating = 1; }
static void m_skip(splev_layout *l)
{
    l->n_dungeons = 1;
    l->skipped[l->n_skipped++] = 1;
}
static void m_oracle_range(splev_layout *l)
{
    l->levels[0].level = l->levels[0].depth = l->levels[0].ledger = 2;
}
static void m_chained(splev_layout *l)
{
    l->levels[1].level = l->levels[0].level + 3;
    l->levels[1].depth = l->levels[1].level;
    l->levels[1].ledger = l->levels[1].level;
}

static void expect_invalid(const splev_dgn_script *s, const splev_layout *l,
                           mutation m, const char *want)
{
    splev_layout *c = clone_layout(l);
    m(c);
    int rc = splev_layout_validate(s, c, err, sizeof err);
    CHECK(rc != 0 && strstr(err, want) != NULL,
          "the validator rejects a layout with '%s' (got '%s')", want,
          rc ? err : "valid");
    splev_layout_free(c);
}

static void test_validator_rejects(void)
{
    fixture f;
    fx_tiny(&f);
    /* seed 1: oracle 6, bigrm-3 8, minend-2 4; branch Main 2 -> Mines 4 */
    splev_layout *l = splev_dgn_layout(&f.s, 1, err, sizeof err);
    if (!l || l->n_levels != 3) {
        CHECK(0, "tiny seed 1 has three special levels");
        splev_layout_free(l);
        return;
    }
    CHECK(splev_layout_validate(&f.s, l, err, sizeof err) == 0,
          "tiny seed 1 is valid");
    expect_invalid(&f.s, l, m_share_level, "sharing a level");
    expect_invalid(&f.s, l, m_depth, "level 'oracle': depth 7, expected 6");
    expect_invalid(&f.s, l, m_ledger, "ledger start 13, expected 12");
    expect_invalid(&f.s, l, m_dungeon_depth, "depth");
    expect_invalid(&f.s, l, m_entry, "does not arrive at its entry level");
    expect_invalid(&f.s, l, m_branch_range, "outside its range");
    expect_invalid(&f.s, l, m_tune, "a tune without a castle");
    expect_invalid(&f.s, l, m_chain, "visiting order wrong");
    expect_invalid(&f.s, l, m_outside, "level 'minend' at 5, outside 1..4");
    expect_invalid(&f.s, l, m_variant, "level 'bigrm': bad variant 4");
    expect_invalid(&f.s, l, m_floating, "wrong floating mark");
    expect_invalid(&f.s, l, m_skip, "skipped although always present");
    expect_invalid(&f.s, l, m_oracle_range, "level 'oracle' at 2, outside");
    expect_invalid(&f.s, l, m_chained, "level 'bigrm' at 9, outside its range");
    splev_layout_free(l);
}

/* ---- printing ---- */

static void test_printing(void)
{
    fixture f;
    fx_unnethack(&f);
    splev_layout *a = splev_dgn_layout(&f.s, 5, err, sizeof err);
    splev_layout *b = splev_dgn_layout(&f.s, 5, err, sizeof err);
    splev_layout *c = splev_dgn_layout(&f.s, 6, err, sizeof err);
    char *ta = printed(&f.s, a, 0), *tb = printed(&f.s, b, 0);
    char *tc = printed(&f.s, c, 0);
    char *ja = printed(&f.s, a, 1), *jb = printed(&f.s, b, 1);
    CHECK(strcmp(ta, tb) == 0 && strcmp(ja, jb) == 0,
          "the same seed prints the same text and JSON");
    CHECK(strcmp(ta, tc) != 0, "another seed prints another layout");
    CHECK(strncmp(ta, "Dungeon layout for seed 5\nThe Dungeons of Doom (D): "
                  "levels 1 to ", 53) == 0,
          "text starts with the seed and the main dungeon");
    CHECK(strstr(ta, "The Elemental Planes (E): levels -5 to 0, entry 5, "
                 "mazelike\n") != NULL,
          "text shows the Planes at depths -5..0");
    CHECK(strstr(ja, "\"name\": \"Fort Ludios\"") && strstr(ja, "\"floating\": true") &&
              strstr(ja, "\"tune\": \"") && strstr(ja, "\"chain\": [") &&
              ja[0] == '{' && ja[strlen(ja) - 2] == '}',
          "JSON has the dungeons, floating branches, tune and chain");
    free(ta);
    free(tb);
    free(tc);
    free(ja);
    free(jb);
    splev_layout_free(a);
    splev_layout_free(b);
    splev_layout_free(c);
    CHECK(strcmp(splev_branch_type_name(SPLEV_BR_NO_DOWN), "no_down") == 0 &&
              strcmp(splev_align_name(SPLEV_ALIGN_NONE), "unaligned") == 0 &&
              strcmp(splev_align_name(SPLEV_ALIGN_LAWFUL), "lawful") == 0,
          "type and alignment names");
}

int main(void)
{
    fixture f;
    fx_tiny(&f);
    test_many_seeds("tiny", &f.s);
    fx_features(&f);
    test_many_seeds("features", &f.s);
    fx_unnethack(&f);
    test_many_seeds("unnethack", &f.s);
    test_golden_tiny();
    test_golden_unnethack();
    test_unnethack_conventions();
    test_features_conventions();
    test_impossible();
    test_range_errors();
    test_validator_rejects();
    test_printing();
    return unit_status();
}
