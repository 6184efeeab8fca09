/* golden.h - compare a test's text output with a golden file under
 * tests/golden/.  UPDATE_GOLDEN=1 in the environment rewrites the file
 * instead (then review the diff before committing). */
#ifndef GOLDEN_H
#define GOLDEN_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/common.h"

/* 1 when text equals the file's bytes; otherwise prints what it got. */
static inline int matches_golden(const char *text, const char *path)
{
    char err[256];
    const char *up = getenv("UPDATE_GOLDEN");
    if (up && *up) {
        if (write_file_atomic(path, text, strlen(text), err, sizeof err)) {
            printf("# %s\n", err);
            return 0;
        }
        return 1;
    }
    size_t len;
    char *want = read_whole_file(path, 1 << 22, &len, err, sizeof err);
    if (!want) {
        printf("# %s: %s\n", path, err);
        return 0;
    }
    int same = strlen(text) == len && memcmp(text, want, len) == 0;
    if (!same)
        printf("# %s differs; got:\n%s\n", path, text);
    free(want);
    return same;
}

#endif
