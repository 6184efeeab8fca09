/* lev_comp - the level compiler.  For now the front end only: parse
 * des-files, report every error, optionally print the syntax tree.
 * Exit status: 0 all files parsed, 1 errors in the input, 2 usage. */
#include "common/common.h"
#include "lev_front/lev_front.h"

#include <stdlib.h>
#include <string.h>

#define VERSION "lev_comp (splev) 0.1.0"

static void usage(FILE *f)
{
    fputs("usage: lev_comp [--parse-only] [--dump-ast] [-I DIR]... "
          "FILE.des... | -\n"
          "Parses UnNetHack des-files and reports every error.\n"
          "  --parse-only   check the syntax only (the default for now)\n"
          "  --dump-ast     print the syntax tree of each file\n"
          "  -I DIR         look for INCLUDE files in DIR too\n"
          "  --max-errors N stop a file after N errors (default 50)\n"
          "  --help, --version\n", f);
}

int main(int argc, char **argv)
{
    int dump = 0, parse_only = 0, status = 0;
    const char **dirs = xcalloc((size_t)argc, sizeof *dirs);
    const char **files = xcalloc((size_t)argc, sizeof *files);
    size_t ndirs = 0, nfiles = 0;
    lev_options opt;
    memset(&opt, 0, sizeof opt);
    int opts_done = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (opts_done || a[0] != '-' || strcmp(a, "-") == 0) {
            files[nfiles++] = a;
        } else if (strcmp(a, "--") == 0) {
            opts_done = 1;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            free(dirs);
            free(files);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            puts(VERSION);
            free(dirs);
            free(files);
            return 0;
        } else if (strcmp(a, "--dump-ast") == 0) {
            dump = 1;
        } else if (strcmp(a, "--parse-only") == 0) {
            parse_only = 1;
        } else if (strcmp(a, "-I") == 0 && i + 1 < argc) {
            dirs[ndirs++] = argv[++i];
        } else if (strncmp(a, "-I", 2) == 0 && a[2]) {
            dirs[ndirs++] = a + 2;
        } else if (strcmp(a, "--max-errors") == 0 && i + 1 < argc) {
            char *end;
            long n = strtol(argv[++i], &end, 10);
            if (*end || n < 1 || n > 1000000) {
                fprintf(stderr, "lev_comp: --max-errors needs a number "
                                "from 1 to 1000000\n");
                status = 2;
                break;
            }
            opt.max_errors = (int)n;
        } else {
            fprintf(stderr, "lev_comp: unknown option '%s'\n", a);
            usage(stderr);
            status = 2;
            break;
        }
    }
    if (status == 0 && nfiles == 0) {
        fprintf(stderr, "lev_comp: no input files\n");
        usage(stderr);
        status = 2;
    }
    if (status == 0 && !dump && !parse_only)
        fprintf(stderr, "lev_comp: note: the back end (.lev output) is not "
                        "built yet; checking the syntax only\n");
    opt.include_dirs = dirs;
    opt.n_include_dirs = ndirs;
    for (size_t i = 0; status != 2 && i < nfiles; i++) {
        lev_file *f = lev_parse_file(files[i], &opt);
        if (dump)
            lev_dump(stdout, f);
        if (f->errors)
            status = 1;
        lev_file_free(f);
    }
    if (fflush(stdout) != 0) {
        fprintf(stderr, "lev_comp: cannot write the output\n");
        status = 1;
    }
    free(dirs);
    free(files);
    return status;
}
