/* unit.h - a minimal TAP-like harness for the C unit tests: each check
 * prints "ok - what" or "not ok - what (file:line)".  main returns
 * unit_status(). */
#ifndef UNIT_H
#define UNIT_H

#include <stdio.h>

static int unit_failures;

#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        if (cond) {                                                          \
            printf("ok - ");                                                 \
        } else {                                                             \
            printf("not ok - ");                                             \
            unit_failures++;                                                 \
        }                                                                    \
        printf(__VA_ARGS__);                                                 \
        if (!(cond))                                                         \
            printf(" (%s:%d)", __FILE__, __LINE__);                          \
        printf("\n");                                                        \
    } while (0)

static inline int unit_status(void)
{
    return unit_failures ? 1 : 0;
}

#endif
