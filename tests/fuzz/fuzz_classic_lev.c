/* fuzz_classic_lev.c - harness 5: arbitrary bytes as a game's own .lev
 * (written by UnNetHack's or NetHack 3.6's lev_comp) -> the verifying
 * classic loader -> its listing -> the translation into our level script
 * -> the interpreter, with the limits of fuzz_util.h.
 *
 * The input's hash picks how the file is read: recognised by its version
 * record (half the inputs), or forced as UnNetHack's or NetHack 3.6's.
 *
 * Invariants (abort when broken):
 *   - a rejected file always gets a reason, and so does a file the
 *     translation does not take;
 *   - what the translation gives has passed our verifier (the translator
 *     returns only verified scripts), encodes to bytes that load again,
 *     and the interpreter stops within its limits with a level or a
 *     message. */
#include "classic/lev_load.h"
#include "classic/lev_translate.h"
#include "common/common.h"
#include "splev/interp.h"
#include "splev/levscript.h"

#include "fuzz_util.h"

static void fcl_translated(const classic_lev *l, uint64_t h)
{
    char err[600];
    err[0] = '\0';
    splev_levscript *s = classic_lev_translate(l, "fuzz", err, sizeof err);
    if (!s) {
        if (err[0] == '\0')
            fuzz_fail("the translation fails without a reason");
        return;
    }
    size_t n = 0;
    unsigned char *bytes = splev_lev_encode(s, &n);
    splev_levscript *back = splev_lev_decode(bytes, n, err, sizeof err);
    if (!back)
        fuzz_fail("a translated script does not load again: %s", err);
    splev_lev_free(back);
    free(bytes);
    fuzz_run_script(s, h);
    splev_lev_free(s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const classic_game how[4] = {CLASSIC_NONE, CLASSIC_NONE,
                                        CLASSIC_UNNETHACK, CLASSIC_NETHACK36};
    uint64_t h = fuzz_hash(data, size);
    unsigned char *buf = (unsigned char *)fuzz_copy(data, size, 0);
    char err[600];
    err[0] = '\0';
    classic_lev *l = classic_lev_decode(buf, size, how[h % 4], err, sizeof err);
    free(buf);
    if (!l) {
        if (err[0] == '\0')
            fuzz_fail("the classic loader rejects without a reason");
        return 0;
    }
    classic_lev_disasm(fuzz_sink(), l);
    fcl_translated(l, h);
    classic_lev_free(l);
    return 0;
}
