/* replay_main.c - a main() for the harnesses without libFuzzer: each
 * argument, a file or a folder of files, is passed to
 * LLVMFuzzerTestOneInput once.  Used by tests/fuzz/coverage.sh (gcc
 * --coverage) and to reproduce a crasher with any compiler:
 *   cc -Iinclude -Isrc -IBUILD/gen tests/fuzz/fuzz_dgn_src.c
 *      tests/fuzz/replay_main.c BUILD/lib/libsplev.a -lm && ./a.out FILE */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static long replayed;

static void replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        perror(path);
        return;
    }
    size_t cap = 4096, n = 0;
    uint8_t *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            uint8_t *bigger = realloc(buf, cap);
            if (!bigger) {
                free(buf);
                buf = NULL;
            }
            buf = bigger;
        }
    }
    fclose(f);
    if (!buf) {
        fprintf(stderr, "%s: out of memory\n", path);
        exit(2);
    }
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    replayed++;
}

static void replay_path(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        perror(path);
        return;
    }
    if (!S_ISDIR(st.st_mode)) {
        replay_file(path);
        return;
    }
    DIR *d = opendir(path);
    if (!d) {
        perror(path);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        size_t len = strlen(path) + strlen(e->d_name) + 2;
        char *p = malloc(len);
        if (!p)
            exit(2);
        snprintf(p, len, "%s/%s", path, e->d_name);
        replay_file(p);
        free(p);
    }
    closedir(d);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        replay_path(argv[i]);
    fprintf(stderr, "replayed %ld inputs\n", replayed);
    return 0;
}
