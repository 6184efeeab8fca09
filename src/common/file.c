/* file.c - whole-file reads and atomic writes.  An output is written to a
 * temporary file beside it and renamed into place only when complete, so a
 * failed run never leaves a partial or truncated file behind. */
#define _XOPEN_SOURCE 700
#include "common.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int parse_byte_count(const char *s, size_t *out)
{
    unsigned long long n = 0;
    if (!*s)
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || n > (1ull << 40))
            return -1;
        n = n * 10 + (unsigned)(*s - '0');
    }
    if (n < 1 || n > (1ull << 40))
        return -1;
    *out = (size_t)n;
    return 0;
}

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

/* ---- interrupts: a flag, looked at between outputs ---- */

static volatile sig_atomic_t interrupted;   /* the signal, 0 none */
static size_t outputs_written;

static void on_signal(int sig)
{
    if (interrupted) {            /* a second one: end now */
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    interrupted = sig;
}

void out_catch_signals(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
        struct sigaction old;
        /* a signal ignored by the parent (nohup, a background job) stays so */
        if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(sigs[i], &sa, NULL);
    }
}

int out_interrupted(void)
{
    return interrupted;
}

size_t out_written(void)
{
    return outputs_written;
}

/* The outputs of a batch.  A regular file (or a link to one) is written to
 * a temporary file beside it and renamed into place by out_commit; an
 * existing target that is no regular file (a device such as /dev/null, a
 * FIFO, a terminal, /dev/stdout) is written through at commit, as cp
 * does.  While a batch is open, SIGPIPE is held back (a reader gone away
 * is a write error) and SIGXFSZ is ignored so that a file-size limit makes
 * write() fail with EFBIG instead of killing the program with a file half
 * written; the interrupt signals only set a flag (out_catch_signals). */
typedef struct out_entry {
    char *tmp;              /* the temporary; NULL: written through */
    char *path;             /* the target (shares tmp's allocation) */
    unsigned char *data;    /* written-through bytes, till the commit */
    size_t len;
    int replace;            /* a regular file to remove before the rename */
    int same;               /* the target already holds these bytes */
} out_entry;

struct out_batch {
    out_entry *e;
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
    sigaddset(&hold, SIGPIPE);
    sigprocmask(SIG_BLOCK, &hold, &b->saved_mask);
    struct sigaction ign;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGXFSZ, &ign, &b->saved_xfsz);
    /* New outputs are ordinary files: 0666 less the umask, given to open
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
        if (b->e[i].tmp)
            unlink(b->e[i].tmp);
    for (i = 0; i < b->n; i++) {
        free(b->e[i].tmp ? b->e[i].tmp : b->e[i].path);
        free(b->e[i].data);
    }
    free(b->e);
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

static out_entry *new_entry(out_batch *b)
{
    if (b->n == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 8;
        b->e = xrealloc(b->e, b->cap * sizeof *b->e);
    }
    out_entry *e = &b->e[b->n++];
    memset(e, 0, sizeof *e);
    return e;
}

/* The descriptor a path names as it is written (/dev/stdout,
 * /dev/stderr, /dev/fd/N, /proc/self/fd/N), or -1. */
static int named_fd(const char *path)
{
    if (!strcmp(path, "/dev/stdout"))
        return 1;
    if (!strcmp(path, "/dev/stderr"))
        return 2;
    const char *n = !strncmp(path, "/dev/fd/", 8) ? path + 8
                    : !strncmp(path, "/proc/self/fd/", 14) ? path + 14 : NULL;
    if (!n || *n < '0' || *n > '9')
        return -1;
    long v = strtol(n, (char **)&n, 10);
    return *n || v > 1 << 20 ? -1 : (int)v;
}

/* The descriptor that path or a link on its way names, or -1: links
 * are followed one at a time, so that -o /dev/stdout or a link to
 * /proc/self/fd/1 is the descriptor even where it leads to a file. */
static int fd_link(const char *path)
{
    char cur[4096], buf[4096];
    if (strlen(path) >= sizeof cur)
        return -1;
    strcpy(cur, path);
    for (int hops = 0; hops < 40; hops++) {
        int fd = named_fd(cur);
        if (fd >= 0)
            return fd;
        ssize_t n = readlink(cur, buf, sizeof buf - 1);
        if (n < 0)
            return -1;
        buf[n] = '\0';
        if (buf[0] == '/') {
            strcpy(cur, buf);
        } else {                     /* relative to the link's folder */
            char *slash = strrchr(cur, '/');
            size_t dl = slash ? (size_t)(slash - cur) + 1 : 0;
            if (dl + (size_t)n >= sizeof cur)
                return -1;
            memcpy(cur + dl, buf, (size_t)n + 1);
        }
    }
    return -1;
}

/* What path is: 0 nothing there (or a dangling link), 1 a regular file
 * (st filled, *real the file a link leads to, malloc'd, else NULL), 2 a
 * target to write through, -1 an error in err. */
static int target_kind(const char *path, struct stat *st, char **real,
                       char *err, size_t errlen)
{
    *real = NULL;
    if (fd_link(path) >= 0)
        return 2;
    if (stat(path, st) != 0)
        return 0;    /* nothing there: creating the temporary says why */
    if (S_ISDIR(st->st_mode))
        return snprintf(err, errlen, "is a directory"), -1;
    if (S_ISSOCK(st->st_mode))
        return snprintf(err, errlen, "is a socket"), -1;
    if (!S_ISREG(st->st_mode))
        return 2;
    struct stat lst;
    if (lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode)) {
        *real = realpath(path, NULL);
        if (!*real)
            return 0;
    }
    /* Read-only outputs are refused whoever runs us (root could write
     * them), as make and editors expect of a file made read-only. */
    if (!(st->st_mode & S_IWUSR) ||
        (access(*real ? *real : path, W_OK) != 0 && errno == EACCES)) {
        free(*real);
        *real = NULL;
        snprintf(err, errlen, "cannot open output: %s", strerror(EACCES));
        return -1;
    }
    return 1;
}

/* Whether the regular file at path (st its status) holds exactly len
 * bytes equal to data.  A recompile mostly writes what is already there;
 * then nothing is removed or created (on ext4 removing a file and
 * renaming over one each cost milliseconds), only the time is set. */
static int holds_same(const char *path, const struct stat *st,
                      const void *data, size_t len)
{
    if (st->st_size < 0 || (unsigned long long)st->st_size != len ||
        len > 1u << 24)
        return 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
    if (fd < 0)
        return 0;
    unsigned char buf[8192];
    const unsigned char *p = data;
    size_t at = 0;
    int same = 1;
    while (same) {
        ssize_t n = read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            same = n == 0 && at == len;
            break;
        }
        same = (size_t)n <= len - at && memcmp(buf, p + at, (size_t)n) == 0;
        at += (size_t)n;
    }
    close(fd);
    return same;
}

int out_stage(out_batch *b, const char *path, const void *data, size_t len,
              char *err, size_t errlen)
{
    struct stat st;
    char *real;
    int kind = target_kind(path, &st, &real, err, errlen);
    if (kind < 0)
        return -1;
    if (kind == 2) {
        out_entry *e = new_entry(b);
        e->path = xstrdup(path);
        e->data = xmalloc(len ? len : 1);
        memcpy(e->data, data, len);
        e->len = len;
        return 0;
    }
    if (real)
        path = real;
    if (kind == 1 && holds_same(path, &st, data, len)) {
        out_entry *e = new_entry(b);
        e->path = xstrdup(path);
        e->same = 1;
        free(real);
        return 0;
    }
    /* One allocation: the temporary name, then the path. */
    size_t plen = strlen(path);
    size_t tcap = plen + 4 + 2 * 2 * sizeof(unsigned long) + 2;
    char *tmp = xmalloc(tcap + plen + 1);
    memcpy(tmp, path, plen);
    char *final = tmp + tcap;
    memcpy(final, path, plen + 1);
    free(real);
    int fd = create_temp(tmp, plen, kind == 1 ? st.st_mode & 07777 : b->mode);
    if (fd < 0) {
        snprintf(err, errlen, "cannot create output: %s", strerror(errno));
        free(tmp);
        return -1;
    }
    /* A replaced file keeps its mode (the umask narrowed open's). */
    int e = kind == 1 && fchmod(fd, st.st_mode & 07777) != 0 ? errno : 0;
    /* No fsync: a compiler's output is rebuilt from its sources, and a
     * file cut short by a system crash fails the loader's checksum
     * (doc/formats.md, "Writing outputs"). */
    if (!e && write_all(fd, data, len) != 0)
        e = errno;
    if (close(fd) != 0 && !e)
        e = errno;
    if (e) {
        snprintf(err, errlen, "write error: %s", strerror(e));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    out_entry *oe = new_entry(b);
    oe->tmp = tmp;
    oe->path = final;
    oe->replace = kind == 1;
    return 0;
}

/* Write e's bytes through its target; 0 or an errno.  A descriptor's name
 * is that descriptor (so -o /dev/stdout prints, even into a file opened
 * for appending); anything else is opened without truncation. */
static int write_through(const out_entry *e)
{
    int fd = fd_link(e->path);
    if (fd >= 0)
        return write_all(fd, e->data, e->len) != 0 ? errno : 0;
    fd = open(e->path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    int r = write_all(fd, e->data, e->len) != 0 ? errno : 0;
    if (close(fd) != 0 && !r)
        r = errno;
    return r;
}

/* The old file is removed before the rename: renaming over an existing
 * file makes ext4 (auto_da_alloc) write the new file's data out first,
 * once per output; a missing target costs nothing.  Between the two
 * calls the target does not exist, it is never partial. */
int out_commit(out_batch *b, size_t *failed, char *err, size_t errlen)
{
    for (size_t i = 0; i < b->n; i++) {
        out_entry *e = &b->e[i];
        int r = 0;
        if (e->same)        /* unchanged: newer than its sources, for make */
            r = utimensat(AT_FDCWD, e->path, NULL, 0) != 0 ? errno : 0;
        else if (!e->tmp)
            r = write_through(e);
        else if ((e->replace && unlink(e->path) != 0 && errno != ENOENT) ||
                 rename(e->tmp, e->path) != 0)
            r = errno;
        if (r) {
            snprintf(err, errlen, "cannot replace output: %s", strerror(r));
            *failed = i;
            out_end(b, i);
            return -1;
        }
        outputs_written++;
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
