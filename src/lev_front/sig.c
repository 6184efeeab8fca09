/* sig.c - the statement signature table (sig.h): one row for each
 * statement that is arguments in, one opcode out. */
#include "lev_front/sig.h"
#include "levcode/opcodes.h"
#include "splev/level.h"

const int lev_door_states[] = {LEV_W_OPEN, LEV_W_CLOSED, LEV_W_LOCKED,
                               LEV_W_NODOOR, LEV_W_BROKEN, LEV_W_SECRET, 0};
static const int w_altar[] = {LEV_W_ALTAR, LEV_W_SHRINE, LEV_W_SANCTUM, 0};
static const int w_engraving[] = {LEV_W_DUST, LEV_W_ENGRAVE, LEV_W_BURN,
                                  LEV_W_MARK, LEV_W_BLOOD, 0};

/* One argument: its kind, flags, default, name in messages, words. */
#define A(kind, what) {LEV_SA_##kind, 0, 0, what, NULL}
#define AF(kind, flags, dflt, what) {LEV_SA_##kind, flags, dflt, what, NULL}
#define AW(words, what) {LEV_SA_WORD, 0, 0, what, words}
/* A statement: the opcode, its a field and operand, the push order. */
#define S(kind, op, a, arg, order, ...)                                      \
    [LEV_S_##kind] = {OP_##op, a, arg, order, {__VA_ARGS__}}

static const lev_sig sigs[LEV_S_COUNT] = {
    S(MESSAGE, MESSAGE, 0, 0, NULL, A(STR, "the message")),
    S(DOOR, DOOR, 0, 0, "10",
      AW(lev_door_states, "the door state"), A(SEL, "the doors")),
    /* MAZEWALK: stocked defaults to true, the fill to the level's own */
    S(MAZEWALK, MAZEWALK, 0, 0, NULL,
      A(COORD, "the start"), A(WORDVAL, "the direction"),
      AF(WORDVAL, LEV_SAF_OPT, 1, "stocked"),
      AF(MAPCHAR, LEV_SAF_OPT, -1, "the fill")),
    S(ALTAR, ALTAR, 0, 0, NULL,
      A(COORD, "the position"), A(ALIGN, "the alignment"),
      AW(w_altar, "the altar type")),
    S(FOUNTAIN, FEATURE, 0, SPLEV_FOUNTAIN, NULL, A(SEL, "the area")),
    S(SINK, FEATURE, 0, SPLEV_SINK, NULL, A(SEL, "the area")),
    S(POOL, FEATURE, 0, SPLEV_POOL, NULL, A(SEL, "the area")),
    S(TERRAIN, TERRAIN, 0, 0, NULL,
      A(SEL, "the area"), AF(MAPCHAR, LEV_SAF_KEEP, 0, "the terrain")),
    S(REPLACE_TERRAIN, REPLACE_TERRAIN, 0, 0, NULL,
      A(REGION, "the area"),
      AF(MAPCHAR, LEV_SAF_KEEP, 0, "the terrain to replace"),
      AF(MAPCHAR, LEV_SAF_KEEP, 0, "the new terrain"),
      A(LITERAL, "the chance")),
    S(NON_DIGGABLE, NON_DIGGABLE, 0, 0, NULL, A(REGION, "the area")),
    S(NON_PASSWALL, NON_PASSWALL, 0, 0, NULL, A(REGION, "the area")),
    S(GOLD, GOLD, 0, 0, NULL,
      A(INT, "the amount"), A(COORD, "the position")),
    S(ENGRAVING, ENGRAVING, 0, 0, "021",
      A(COORD, "the position"), AW(w_engraving, "the engraving type"),
      A(STR, "the text")),
    /* MINERALIZE: a chance left out is the game's own (-1) */
    S(MINERALIZE, MINERALIZE, 0, 0, NULL,
      AF(INT, LEV_SAF_OPT, -1, "a MINERALIZE chance"),
      AF(INT, LEV_SAF_OPT, -1, "a MINERALIZE chance"),
      AF(INT, LEV_SAF_OPT, -1, "a MINERALIZE chance"),
      AF(INT, LEV_SAF_OPT, -1, "a MINERALIZE chance")),
    /* RANDOM_CORRIDORS: no style is style 0, random is -1 */
    S(RANDOM_CORRIDORS, RANDOM_CORRIDORS, 0, 0, NULL,
      AF(INT, LEV_SAF_OPT | LEV_SAF_RANDOM, 0, "the corridor style")),
    S(SPILL, SPILL, 0, 0, "0132",
      A(COORD, "the start"), AF(MAPCHAR, LEV_SAF_KEEP, 0, "the terrain"),
      A(WORDVAL, "the direction"), A(INT, "the length")),
    /* WALLWALK: the floor defaults to room floor, the chance to 100 */
    S(WALLWALK, WALLWALK, 0, 0, NULL,
      A(COORD, "the start"),
      AF(MAPCHAR, LEV_SAF_KEEP, 0, "the wall terrain"),
      AF(MAPCHAR, LEV_SAF_KEEP | LEV_SAF_OPT_TERRAIN, SPLEV_ROOM,
         "the floor terrain"),
      AF(LITERAL, LEV_SAF_OPT, 100, "the chance")),
    S(EXIT, EXIT, 0, 0, NULL, {0}),
};

const lev_sig *lev_stmt_sig(enum lev_stmt_kind k)
{
    static const lev_sig none;
    return (unsigned)k < LEV_S_COUNT ? &sigs[k] : &none;
}

size_t lev_sig_nargs(const lev_sig *g)
{
    size_t n = 0;
    while (n < LEV_SIG_MAX_ARGS && g->args[n].kind != LEV_SA_NONE)
        n++;
    return n;
}

size_t lev_sig_slot(const lev_sig *g, size_t i)
{
    return g->order ? (size_t)(g->order[i] - '0') : i;
}
