/* test_strmap.c - the string map of src/common/strmap.c: lookups of
 * present and absent keys, replacement, growth past many rehashes, and
 * keys that differ only after a common prefix. */
#include "common/common.h"
#include "unit.h"

#include <stdint.h>
#include <stdlib.h>

int main(void)
{
    strmap m = {0};
    CHECK(strmap_get(&m, "a") == NULL, "an empty map holds nothing");
    CHECK(!strmap_has(&m, ""), "an empty map holds no empty key");

    enum { N = 50000 };
    char **keys = xcalloc(N, sizeof *keys);
    int news = 0;
    for (int i = 0; i < N; i++) {
        keys[i] = xasprintf("function_name_%d", i);
        news += strmap_put(&m, keys[i], (void *)(uintptr_t)(i + 1));
    }
    CHECK(news == N && m.n == N, "%d new keys counted (%d, n %zu)", N, news,
          m.n);
    CHECK(m.cap >= 2 * m.n, "at most half full (cap %zu)", m.cap);
    int right = 0;
    for (int i = 0; i < N; i++) {
        char probe[40];
        snprintf(probe, sizeof probe, "function_name_%d", i);
        right += (uintptr_t)strmap_get(&m, probe) == (uintptr_t)(i + 1);
    }
    CHECK(right == N, "every key found by an equal string (%d)", right);
    CHECK(strmap_get(&m, "function_name_") == NULL &&
              strmap_get(&m, "function_name_50000") == NULL &&
              !strmap_has(&m, "function_name_-1"),
          "absent keys are not found");
    CHECK(strmap_put(&m, "function_name_7", (void *)(uintptr_t)99) == 0 &&
              (uintptr_t)strmap_get(&m, "function_name_7") == 99 && m.n == N,
          "a second put replaces the value, the count stays");
    CHECK(strmap_put(&m, "", NULL) == 1 && strmap_has(&m, "") &&
              strmap_get(&m, "") == NULL,
          "a NULL value is held (strmap_has sees it)");
    CHECK(strmap_hash("") == 2166136261u && strmap_hash("a") == 0xe40c292cu,
          "FNV-1a values");
    strmap_free(&m);
    CHECK(m.n == 0 && m.cap == 0 && strmap_get(&m, "function_name_1") == NULL,
          "freed: empty again");
    for (int i = 0; i < N; i++)
        free(keys[i]);
    free(keys);
    return unit_status();
}
