/* ast.c - the dungeon AST: freeing it, and names of descriptor words. */
#include "dgn_front/dgn_front.h"

#include <stdlib.h>

void dgn_ast_free(dgn_ast *ast)
{
    arena_free(&ast->mem);
    ast->first = ast->last = NULL;
}

const char *dgn_word_name(dgn_word w)
{
    static const char *const names[] = {
        "town", "hellish", "mazelike", "roguelike", "unaligned",
        "noalign", "lawful", "neutral", "chaotic", "vecnad", "gtown",
        "purg", "hdgn",
    };
    return (unsigned)w < sizeof names / sizeof names[0] ? names[w] : "?";
}
