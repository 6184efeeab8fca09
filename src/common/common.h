/* common.h - support code shared by every stage: memory, files, byte
 * buffers, diagnostics, JSON text.  Internal to the project (not installed). */
#ifndef SPLEV_COMMON_H
#define SPLEV_COMMON_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- memory ----
 * The x* allocators never return NULL.  When memory runs out inside an
 * out-of-memory guard (each public entry point of the library sets one),
 * they jump back to it and the entry point returns its error result;
 * memory that call had already taken is not given back.  Outside any
 * guard (the programs' own code) they print a message and end the
 * program: the programs install no guard of their own. */
typedef struct oom_guard {
    jmp_buf jb;
    struct oom_guard *outer;
} oom_guard;
void oom_push(oom_guard *g);
void oom_pop(oom_guard *g);
/* Out of memory (asking for n bytes): to the guard, or the end. */
void oom_fail(size_t n)
#if defined(__GNUC__)
    __attribute__((noreturn))
#endif
    ;
/* For tests: the n-th x* allocation from now on (of this thread) fails
 * as if memory had run out; 0 turns that off. */
void mem_fail_after(long n);
/* The message a guarded entry point with an error buffer leaves there on
 * out of memory.  Library code that calls such an entry point passes the
 * failure on to its own guard with oom_pass_on(err). */
#define OOM_MESSAGE "out of memory"
static inline void oom_pass_on(const char *err)
{
    if (strcmp(err, OOM_MESSAGE) == 0)
        oom_fail(0);
}
/* In a function returning `fail` on out of memory:
 *     oom_guard g;
 *     OOM_GUARD(g, NULL);
 *     ... the work; every return after this passes through oom_pop(&g) */
#define OOM_GUARD(g, fail)    \
    oom_push(&(g));           \
    if (setjmp((g).jb) != 0)  \
    return fail
/* 1 when this thread is inside a guarded call. */
int oom_guarded(void);
/* The whole body of a public entry point that returns `call`'s value, or
 * the value of `fail` when memory runs out inside it.  Called from inside
 * another entry point (a guard is set already), it only runs `call`:
 * running out of memory then fails the outer call. */
#define OOM_ENTRY(type, fail, call) \
    do {                            \
        if (oom_guarded())          \
            return call;            \
        oom_guard oom_g_;           \
        OOM_GUARD(oom_g_, fail);    \
        type oom_r_ = call;         \
        oom_pop(&oom_g_);           \
        return oom_r_;              \
    } while (0)
/* The `fail` of an entry point with an error buffer: OOM_MESSAGE in it. */
static inline void *oom_report(char *err, size_t errlen)
{
    if (err && errlen)
        snprintf(err, errlen, "%s", OOM_MESSAGE);
    return NULL;
}
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Grow *arr (of *cap elements of size elem) so that it holds at least need. */
void grow_array(void **arr, size_t *cap, size_t need, size_t elem);

/* ---- arenas: many small allocations freed together ---- */
typedef struct mem_arena {
    struct arena_block *head;
} mem_arena;

/* Zeroed memory that lives until arena_free. */
void *arena_alloc(mem_arena *a, size_t n);
char *arena_strndup(mem_arena *a, const char *s, size_t n);
void arena_free(mem_arena *a);

/* ---- files ---- */
/* A byte count of 1 to 2^40 in decimal digits (--max-input-size): 0, or
 * -1 when s is none. */
int parse_byte_count(const char *s, size_t *out);

/* Read a whole file (or standard input for "-") into a buffer ended by
 * two NULs (lev_comp's scanner reads it in place).  Files larger than max_size are refused.  On failure returns NULL
 * and writes a message (without the file name) into err. */
char *read_whole_file(const char *path, size_t max_size, size_t *len,
                      char *err, size_t errlen);

/* Write len bytes to path atomically: a temporary file in the same
 * directory, renamed over path only when complete.  "-" writes to
 * standard output.  Returns 0, or -1 with a message in err. */
int write_file_atomic(const char *path, const void *data, size_t len,
                      char *err, size_t errlen);

/* Outputs replaced together (the levels of one des-file): out_stage
 * writes each regular output to a temporary file beside its path (a
 * symbolic link's target for a link), out_commit renames them all into
 * place, out_abort removes them, and either frees the batch.  A replaced
 * file keeps its mode; a read-only one is refused.  An existing target
 * that is no regular file (a device such as /dev/null, a FIFO, a
 * terminal, /dev/stdout) is written through at commit instead.  While a
 * batch is open SIGPIPE is held back and SIGXFSZ is ignored, so no
 * temporary survives.  Both return 0, or -1 with a message in err
 * (out_stage: that output's temporary is already gone; out_commit:
 * *failed is the index of the output not replaced, it and the later ones
 * keep their old content). */
typedef struct out_batch out_batch;
out_batch *out_begin(void);
int out_stage(out_batch *b, const char *path, const void *data, size_t len,
              char *err, size_t errlen);
int out_commit(out_batch *b, size_t *failed, char *err, size_t errlen);
void out_abort(out_batch *b);
/* SIGINT, SIGTERM, SIGHUP and SIGQUIT only set a flag (a second one ends
 * the program at once): a program calls out_interrupted between outputs,
 * stops there (out_abort), says how many outputs it wrote (out_written:
 * the outputs every out_commit so far replaced) and exits 128 + signal. */
void out_catch_signals(void);
int out_interrupted(void);
size_t out_written(void);

/* A name that becomes part of a file name (level and protofile names):
 * letters, digits, '_', '-' and '.', not starting with '.', not empty. */
int file_name_safe(const char *s);

/* ---- string maps: key -> pointer, by hash (strmap.c) ----
 * Zero-initialised is empty.  Keys are not copied and must outlive the
 * map.  strmap_get gives NULL for a missing key (store non-NULL values,
 * or use strmap_has); strmap_put returns 1 when the key is new, 0 when it
 * replaced the value of an existing key. */
struct strmap_slot {
    const char *key;
    void *val;
};
typedef struct strmap {
    struct strmap_slot *v;
    size_t n, cap;
} strmap;
void *strmap_get(const strmap *m, const char *key);
int strmap_has(const strmap *m, const char *key);
int strmap_put(strmap *m, const char *key, void *val);
void strmap_free(strmap *m);
uint32_t strmap_hash(const char *s);   /* FNV-1a of the bytes */

/* ---- growable byte buffer ---- */
typedef struct {
    unsigned char *data;
    size_t len, cap;
} bytebuf;

void bb_init(bytebuf *b);
void bb_free(bytebuf *b);
void bb_put(bytebuf *b, const void *p, size_t n);
void bb_u8(bytebuf *b, unsigned v);
void bb_u16(bytebuf *b, unsigned v);      /* little-endian */
void bb_u32(bytebuf *b, uint32_t v);      /* little-endian */
void bb_printf(bytebuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void bb_set_u32(bytebuf *b, size_t off, uint32_t v);

/* Bounds-checked little-endian reads from a byte array. */
unsigned rd_u8(const unsigned char *p);
unsigned rd_u16(const unsigned char *p);
uint32_t rd_u32(const unsigned char *p);

/* CRC-32 (IEEE 802.3 polynomial, reflected, as in zlib and PNG). */
uint32_t crc32_bytes(const unsigned char *p, size_t n);

/* ---- UTF-8 (utf8.c) ----
 * The length (1 to 4) of the well-formed UTF-8 sequence at p (n bytes
 * available) and its code point in *cp; 0 when p does not start one (a
 * stray continuation byte, a bad lead, an overlong form, a surrogate, a
 * sequence cut short or beyond U+10FFFF). */
size_t utf8_seq(const unsigned char *p, size_t n, uint32_t *cp);

/* Text for XML or HTML (a text node or an attribute value in double
 * quotes), valid UTF-8 whatever the bytes: & < > " escaped, control
 * bytes and DEL as '?', well-formed UTF-8 copied, and a byte that starts
 * no well-formed sequence (or the non-characters U+FFFE, U+FFFF, which
 * XML does not allow) as U+FFFD. */
void bb_xml_text(bytebuf *b, const char *s, size_t n);

/* ---- JSON output helpers ---- */
/* Quoted and escaped; valid JSON for any bytes: a byte that does not
 * start a well-formed UTF-8 sequence is written as \ufffd. */
void json_string(FILE *f, const char *s);
/* The same JSON string literal appended to a byte buffer. */
void bb_json_string(bytebuf *b, const char *s);

/* ---- diagnostics ----
 * "file:line:col: error: message", then the source line and a caret under
 * the column.  Lines and columns are 1-based; columns count bytes. */
typedef struct {
    int line, col;          /* first character */
    int end_line, end_col;  /* last character */
} srcpos;

typedef struct diag {
    const char *file;       /* name shown in messages */
    const char *src;        /* whole source text, for the quoted line */
    size_t src_len;
    FILE *out;              /* normally stderr; NULL: hold the reports
                               in memory (from the first report on) for
                               the caller to print or drop */
    FILE *hold;             /* the memory stream, once opened */
    char *held;
    size_t nheld;
    int errors, warnings;
    int max_errors;         /* after this many: "too many errors", stop */
    int werror;             /* warnings count as errors */
    int no_warnings;        /* warnings are not shown */
    int gave_up;            /* the error limit was reached */
    int *gave_up_flag;      /* when not NULL, set to 1 with gave_up (the
                               lev_comp front end's stop: one test a
                               token for both) */
    const char *quoted_src; /* the src quote_line looked in last, */
    int quoted_line;        /* the line it found there (0: none) */
    const char *quoted_at;  /* and where that line starts */
    const char *error_note; /* not NULL: "file: note: ..." after the first
                               error (the lev_comp dialect hint) */
} diag;

void diag_init(diag *d, const char *file, const char *src, size_t len);
/* Reports of this thread are read back as records from now on (1) or no
 * longer (0); diags_capture_begin and _end call it.  Nested calls count. */
void diag_records(int on);
/* Reports printed to standard error get gcc's colours (the programs'
 * -fdiagnostics-color); off by default. */
void diag_set_colour(int on);
/* Ends holding (out NULL): the held reports are printed to `to`, or
 * dropped when `to` is NULL, and later reports go to `to` (stderr when
 * NULL). */
void diag_flush_held(diag *d, FILE *to);
void diag_error(diag *d, srcpos pos, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void diag_warning(diag *d, srcpos pos, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void diag_note(diag *d, srcpos pos, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The longest message text shown; a longer one shows its first
 * DIAG_MSG_MAX - DIAG_MSG_TAIL and last DIAG_MSG_TAIL bytes around "...". */
#define DIAG_MSG_MAX 1000
#define DIAG_MSG_TAIL 200
void diag_vreport(diag *d, const char *kind, srcpos pos, const char *fmt,
                  va_list ap);
/* An error with no position: "file: error: message". */
void diag_error_nopos(diag *d, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A syntax error from a bison parser built with parse.error verbose:
 * reworded as "expected A, B or C, found FOUND". */
void diag_syntax_error(diag *d, srcpos pos, const char *bison_msg,
                       const char *found);

/* ---- reports as records (splev/diag.h) ----
 * An entry point given a splev_diags list points the stages' text at a
 * memory stream, then reads the reports back into the list. */
struct splev_diags;
typedef struct diags_capture {
    FILE *f;
    char *buf;
    size_t len;
} diags_capture;
FILE *diags_capture_begin(diags_capture *c);
/* Close the stream and add its reports to d (d NULL: drop them). */
void diags_capture_end(diags_capture *c, struct splev_diags *d);
void diags_read_text(struct splev_diags *d, const char *text, size_t len);

/* ---- the programs' -fdiagnostics-format and -fdiagnostics-color ---- */
typedef struct diag_format {
    int json;               /* -fdiagnostics-format=json */
    int colour_mode;        /* 0 auto, 1 always, 2 never */
    diags_capture cap;
    struct splev_diags *list;
} diag_format;
void diag_format_init(diag_format *f);
/* 1: arg is one of these options (taken), 0: it is not, -1: a bad value. */
int diag_format_option(diag_format *f, const char *arg);
/* Before the work: the stream the reports go to (standard error, or with
 * json a capture), and the colour decided. */
FILE *diag_format_begin(diag_format *f);
/* After the work: with json, the JSON array of the reports on stderr. */
void diag_format_end(diag_format *f);

/* Edit distance between two words, case-insensitive, capped at cap+1. */
int word_distance(const char *a, const char *b, int cap);
/* Best match for word among the NULL-terminated list, or NULL when none is
 * close enough to suggest. */
const char *suggest_word(const char *word, const char *const *list);

#endif
