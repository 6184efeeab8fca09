/* Replays every kept fuzzing crasher (tests/fuzz/regress/HARNESS/) and
 * every committed seed (tests/fuzz/seeds/HARNESS/) through the harnesses
 * of tests/fuzz, built here with the normal compiler: so the findings stay
 * fixed under make check, check-asan and check-valgrind, with or without
 * clang.  A harness aborts on a broken invariant; the line before says
 * which input it was. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stddef.h>
#include <stdint.h>

int fuzz_one_dgn_src(const uint8_t *data, size_t size);
int fuzz_one_dgn_bin(const uint8_t *data, size_t size);
int fuzz_one_lev_bin(const uint8_t *data, size_t size);
int fuzz_one_classic_lev(const uint8_t *data, size_t size);
int fuzz_one_des_parse(const uint8_t *data, size_t size);
int fuzz_one_des_run(const uint8_t *data, size_t size);

#define LLVMFuzzerTestOneInput fuzz_one_dgn_src
#include "../fuzz/fuzz_dgn_src.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_one_dgn_bin
#include "../fuzz/fuzz_dgn_bin.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_one_lev_bin
#include "../fuzz/fuzz_lev_bin.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_one_classic_lev
#include "../fuzz/fuzz_classic_lev.c"
#undef LLVMFuzzerTestOneInput

#define LLVMFuzzerTestOneInput fuzz_one_des_parse
#include "../fuzz/fuzz_des_parse.c"
#undef LLVMFuzzerTestOneInput
#define LLVMFuzzerTestOneInput fuzz_one_des_run
#include "../fuzz/fuzz_des_run.c"
#undef LLVMFuzzerTestOneInput

#include "unit.h"

typedef int (*harness_fn)(const uint8_t *, size_t);

/* Replay every file of dir; returns how many there were. */
static int replay_dir(const char *dir, const char *harness, harness_fn fn)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char *path = xasprintf("%s/%s", dir, e->d_name);
        char err[256];
        size_t len = 0;
        char *data = read_whole_file(path, 16u << 20, &len, err, sizeof err);
        if (!data) {
            CHECK(0, "%s: %s", path, err);
        } else {
            printf("# %s: %s\n", harness, path);
            fflush(stdout);
            /* An exact-size copy: the harnesses copy again, but this way
             * the replay itself cannot hide an over-read. */
            uint8_t *copy = xmalloc(len ? len : 1);
            memcpy(copy, data, len);
            fn(copy, len);
            free(copy);
            free(data);
            CHECK(1, "%s replays %s", harness, path);
            n++;
        }
        free(path);
    }
    closedir(d);
    return n;
}

static void replay(const char *harness, harness_fn fn)
{
    char *reg = xasprintf("tests/fuzz/regress/%s", harness);
    char *seeds = xasprintf("tests/fuzz/seeds/%s", harness);
    replay_dir(reg, harness, fn);
    replay_dir(seeds, harness, fn);
    free(reg);
    free(seeds);
}

int main(void)
{
    replay("dgn_src", fuzz_one_dgn_src);
    replay("dgn_bin", fuzz_one_dgn_bin);
    replay("lev_bin", fuzz_one_lev_bin);
    replay("classic_lev", fuzz_one_classic_lev);
    /* The two des harnesses share their inputs: each kept crasher and
     * each seed (tests/fuzz/seeds/des) goes through both. */
    static const char *const des_dirs[] = {"tests/fuzz/regress/des_parse",
                                           "tests/fuzz/regress/des_run",
                                           "tests/fuzz/seeds/des"};
    for (size_t i = 0; i < sizeof des_dirs / sizeof *des_dirs; i++) {
        replay_dir(des_dirs[i], "des_parse", fuzz_one_des_parse);
        replay_dir(des_dirs[i], "des_run", fuzz_one_des_run);
    }
    /* The harnesses themselves, on the simplest inputs. */
    static const uint8_t empty[1];
    CHECK(fuzz_one_dgn_src(empty, 0) == 0, "dgn_src harness on no input");
    CHECK(fuzz_one_classic_lev(empty, 0) == 0,
          "classic_lev harness on no input");
    CHECK(fuzz_one_dgn_bin(empty, 0) == 0, "dgn_bin harness on no input");
    CHECK(fuzz_one_lev_bin(empty, 0) == 0, "lev_bin harness on no input");
    CHECK(fuzz_one_des_parse(empty, 0) == 0, "des_parse harness on no input");
    CHECK(fuzz_one_des_run(empty, 0) == 0, "des_run harness on no input");
    if (fuzz_sink())
        fclose(fuzz_sink());
    return unit_status();
}
