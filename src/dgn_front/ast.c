/* ast.c - the dungeon AST: freeing it, and names of descriptor words. */
#include "dgn_front/dgn_front.h"

#include <stdlib.h>

void dgn_ast_free(dgn_ast *ast)
{
    dgn_stmt *s = ast->first;
    while (s) {
        dgn_stmt *next = s->next;
        free(s->name.text);
        free(s->bones.text);
        free(s->chain.text);
        free(s);
        s = next;
    }
    ast->first = ast->last = NULL;
}

const char *dgn_word_name(dgn_word w)
{
    static const char *const names[] = {
        "town", "hellish", "mazelike", "roguelike", "unaligned",
        "noalign", "lawful", "neutral", "chaotic",
    };
    return (unsigned)w < sizeof names / sizeof names[0] ? names[w] : "?";
}
