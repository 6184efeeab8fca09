/* fuzz_des_src.c - harness 1: des-file text -> front end (scanner, parser,
 * syntax tree, its dump).
 *
 * The checker, emitter, verifier and interpreter are added here as they
 * land (doc/fuzzing.md); then the invariant is that the emitted code always
 * passes the verifying loader.  INCLUDE names are looked up beside a file
 * in a directory that does not exist, so the harness reads no files. */
#include "common/common.h"
#include "lev_front/lev_front.h"

#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > (1u << 20))
        return 0;
    char *src = fuzz_copy(data, size, 0);
    lev_options opt;
    memset(&opt, 0, sizeof opt);
    opt.diag_out = fuzz_sink();
    lev_file *f = lev_parse_buffer("/nonexistent-splev-fuzz/fuzz.des", src,
                                   size, &opt);
    if (!f)
        fuzz_fail("lev_parse_buffer returned NULL");
    if (f->errors == 0)
        lev_dump(fuzz_sink(), f);
    lev_file_free(f);
    free(src);
    return 0;
}
