/* unit.h - a minimal TAP-like harness for the C unit tests: each check
 * prints "ok - what" or "not ok - what (file:line)".  main returns
 * unit_status(). */
#ifndef UNIT_H
#define UNIT_H

#include <stdio.h>

static int unit_failures;

/* The condition is evaluated once (it may have side effects). */
#define CHECK(cond, ...)                                                     \
    do {                                                                     \
        int unit_ok_ = (cond) ? 1 : 0;                                       \
        printf(unit_ok_ ? "ok - " : "not ok - ");                           \
        if (!unit_ok_)                                                       \
            unit_failures++;                                                 \
        printf(__VA_ARGS__);                                                 \
        if (!unit_ok_)                                                       \
            printf(" (%s:%d)", __FILE__, __LINE__);                          \
        printf("\n");                                                        \
    } while (0)

static inline int unit_status(void)
{
    return unit_failures ? 1 : 0;
}

#endif
