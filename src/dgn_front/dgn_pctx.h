/* dgn_pctx.h - state shared by the dungeon scanner and parser (private to
 * the dungeon front end). */
#ifndef DGN_PCTX_H
#define DGN_PCTX_H

#include "dgn_front/dgn_front.h"

typedef struct dgn_pctx {
    diag *d;
    dgn_ast *ast;
    const dgn_options *opt;
    int line, col;          /* position of the next character to scan */
    /* The last token scanned: at a syntax error it is the one that did
     * not fit, so the message can name it. */
    int last_tok;
    const char *src;        /* the source text being scanned */
    size_t offset;          /* bytes scanned so far */
    size_t last_off, last_len;  /* where the last token is in src */
    srcpos last_pos;
    srcpos prev_end;        /* end of the token before it */
    int lex_error;          /* the scanner already reported this token */
} dgn_pctx;

#endif
