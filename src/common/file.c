/* file.c - whole-file reads and atomic writes.  An output is written to a
 * temporary file beside it and renamed into place only when complete, so a
 * failed run never leaves a partial or truncated file behind. */
#define _POSIX_C_SOURCE 200809L
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *read_whole_file(const char *path, size_t max_size, size_t *len,
                      char *err, size_t errlen)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "cannot open: %s", strerror(errno));
        return NULL;
    }
    if (f != stdin) {
        struct stat st;
        if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "is a directory");
            fclose(f);
            return NULL;
        }
    }
    size_t cap = 65536, n = 0;
    char *buf = xmalloc(cap + 2);
    for (;;) {
        if (n == cap) {
            if (cap >= max_size) {
                snprintf(err, errlen, "file too large (limit %zu bytes)",
                         max_size);
                free(buf);
                if (f != stdin)
                    fclose(f);
                return NULL;
            }
            cap = cap * 2 > max_size ? max_size : cap * 2;
            buf = xrealloc(buf, cap + 2);
        }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    int failed = ferror(f);
    if (f != stdin)
        fclose(f);
    if (failed) {
        snprintf(err, errlen, "read error");
        free(buf);
        return NULL;
    }
    if (n > max_size) {
        snprintf(err, errlen, "file too large (limit %zu bytes)", max_size);
        free(buf);
        return NULL;
    }
    buf[n] = buf[n + 1] = '\0';
    *len = n;
    return buf;
}

int file_name_safe(const char *s)
{
    if (s[0] == '\0' || s[0] == '.')
        return 0;
    for (; *s; s++) {
        char c = *s;
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
              (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.'))
            return 0;
    }
    return 1;
}

static int write_all(int fd, const unsigned char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* The outputs of a batch: each written to a temporary file beside it,
 * renamed into place by out_commit.  While a batch is open, signals that
 * would end the program are held back (they take effect once every
 * temporary is renamed or removed), and SIGXFSZ is ignored so that a
 * file-size limit makes write() fail with EFBIG instead of killing the
 * program with a file half written. */
struct out_batch {
    char **tmp, **path;     /* path[i] shares tmp[i]'s allocation */
    size_t n, cap;
    mode_t mode;
    sigset_t saved_mask;
    struct sigaction saved_xfsz;
};

out_batch *out_begin(void)
{
    out_batch *b = xcalloc(1, sizeof *b);
    sigset_t hold;
    sigemptyset(&hold);
    sigaddset(&hold, SIGINT);
    sigaddset(&hold, SIGTERM);
    sigaddset(&hold, SIGHUP);
    sigaddset(&hold, SIGQUIT);
    sigaddset(&hold, SIGPIPE);
    sigprocmask(SIG_BLOCK, &hold, &b->saved_mask);
    struct sigaction ign;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGXFSZ, &ign, &b->saved_xfsz);
    /* Outputs are ordinary files: 0666 less the umask, given to open
     * (where the umask applies again, to no effect). */
    mode_t mask = umask(0);
    umask(mask);
    b->mode = 0666 & ~mask;
    return b;
}

/* Remove the temporaries from index i on, free the batch and let the
 * held signals through. */
static void out_end(out_batch *b, size_t i)
{
    for (; i < b->n; i++)
        unlink(b->tmp[i]);
    for (i = 0; i < b->n; i++)
        free(b->tmp[i]);
    free(b->tmp);
    free(b->path);
    sigaction(SIGXFSZ, &b->saved_xfsz, NULL);
    sigprocmask(SIG_SETMASK, &b->saved_mask, NULL);
    free(b);
}

/* Create "PATH.tmpPID-N" (the first N free; O_EXCL: never an existing
 * file or link) in tmp, which has room for the suffix; a descriptor or -1. */
static int create_temp(char *tmp, size_t plen, mode_t mode)
{
    static _Thread_local unsigned long counter;
    char *p = tmp + plen;
    memcpy(p, ".tmp", 4);
    p += 4;
    unsigned long pid = (unsigned long)getpid();
    for (int tries = 0; tries < 100; tries++) {
        char *q = p;
        for (unsigned long v = pid; ; v >>= 4) {   /* hex, low digit first */
            *q++ = "0123456789abcdef"[v & 15];
            if (v < 16)
                break;
        }
        *q++ = '-';
        for (unsigned long v = counter++; ; v >>= 4) {
            *q++ = "0123456789abcdef"[v & 15];
            if (v < 16)
                break;
        }
        *q = '\0';
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

int out_stage(out_batch *b, const char *path, const void *data, size_t len,
              char *err, size_t errlen)
{
    /* One allocation: the temporary name, then the path. */
    size_t plen = strlen(path);
    size_t tcap = plen + 4 + 2 * 2 * sizeof(unsigned long) + 2;
    char *tmp = xmalloc(tcap + plen + 1);
    memcpy(tmp, path, plen);
    char *final = tmp + tcap;
    memcpy(final, path, plen + 1);
    int fd = create_temp(tmp, plen, b->mode);
    if (fd < 0) {
        snprintf(err, errlen, "cannot create output: %s", strerror(errno));
        free(tmp);
        return -1;
    }
    /* No fsync: a compiler's output is rebuilt from its sources, and a
     * file cut short by a system crash fails the loader's checksum
     * (doc/formats.md, "Writing outputs"). */
    int e = write_all(fd, data, len) != 0 ? errno : 0;
    if (close(fd) != 0 && !e)
        e = errno;
    if (e) {
        snprintf(err, errlen, "write error: %s", strerror(e));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    if (b->n == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 8;
        b->tmp = xrealloc(b->tmp, b->cap * sizeof *b->tmp);
        b->path = xrealloc(b->path, b->cap * sizeof *b->path);
    }
    b->tmp[b->n] = tmp;
    b->path[b->n++] = final;
    return 0;
}

int out_commit(out_batch *b, size_t *failed, char *err, size_t errlen)
{
    for (size_t i = 0; i < b->n; i++)
        if (rename(b->tmp[i], b->path[i]) != 0) {
            snprintf(err, errlen, "cannot replace output: %s",
                     strerror(errno));
            *failed = i;
            out_end(b, i);
            return -1;
        }
    out_end(b, b->n);
    return 0;
}

void out_abort(out_batch *b)
{
    out_end(b, 0);
}

int write_file_atomic(const char *path, const void *data, size_t len,
                      char *err, size_t errlen)
{
    if (strcmp(path, "-") == 0) {
        if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
            snprintf(err, errlen, "write error: %s", strerror(errno));
            return -1;
        }
        return 0;
    }
    out_batch *b = out_begin();
    size_t failed;
    if (out_stage(b, path, data, len, err, errlen) != 0) {
        out_abort(b);
        return -1;
    }
    return out_commit(b, &failed, err, errlen);
}
