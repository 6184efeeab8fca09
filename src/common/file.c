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
    char *buf = xmalloc(cap + 1);
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
            buf = xrealloc(buf, cap + 1);
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
    buf[n] = '\0';
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

static int write_tmp_and_rename(const char *path, const void *data,
                                size_t len, char *err, size_t errlen);

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
    /* While the temporary file exists, signals that would end the program
     * are held back (they take effect once it is renamed or removed), and
     * SIGXFSZ is ignored so that a file-size limit makes write() fail with
     * EFBIG instead of killing the program with the file half written. */
    sigset_t hold, saved_mask;
    sigemptyset(&hold);
    sigaddset(&hold, SIGINT);
    sigaddset(&hold, SIGTERM);
    sigaddset(&hold, SIGHUP);
    sigaddset(&hold, SIGQUIT);
    sigaddset(&hold, SIGPIPE);
    sigprocmask(SIG_BLOCK, &hold, &saved_mask);
    struct sigaction ign, saved_xfsz;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    sigemptyset(&ign.sa_mask);
    sigaction(SIGXFSZ, &ign, &saved_xfsz);
    int rc = write_tmp_and_rename(path, data, len, err, errlen);
    sigaction(SIGXFSZ, &saved_xfsz, NULL);
    sigprocmask(SIG_SETMASK, &saved_mask, NULL);
    return rc;
}

static int write_tmp_and_rename(const char *path, const void *data,
                                size_t len, char *err, size_t errlen)
{
    size_t plen = strlen(path);
    char *tmp = xmalloc(plen + 16);
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmpXXXXXX", 11);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errlen, "cannot create output: %s", strerror(errno));
        free(tmp);
        return -1;
    }
    /* mkstemp makes the file 0600; outputs are ordinary files. */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, 0666 & ~mask);
    if (write_all(fd, data, len) != 0 || fsync(fd) != 0) {
        snprintf(err, errlen, "write error: %s", strerror(errno));
        close(fd);
        unlink(tmp);
        free(tmp);
        return -1;
    }
    if (close(fd) != 0) {
        snprintf(err, errlen, "write error: %s", strerror(errno));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0) {
        snprintf(err, errlen, "cannot replace output: %s", strerror(errno));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}
