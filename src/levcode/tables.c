/* tables.c - the opcode and core-function tables, expanded from the lists
 * in opcodes.h so names and stack effects cannot drift from the enum. */
#include "levcode/opcodes.h"
#include "splev/levscript.h"

#define SPLEV_OP_INFO(name, arg, pops, per_n, pushes, work, run) \
    {#name, OPARG_##arg, pops, per_n, pushes, work, OPRUN_##run},
const splev_opinfo splev_ops[OP_COUNT_] = {SPLEV_OPCODES(SPLEV_OP_INFO)};

#define SPLEV_CORE_INFO(name, spelling, nargs, result, first, rest) \
    {spelling, nargs, SPLEV_V_##result, SPLEV_V_##first, SPLEV_V_##rest},
const splev_coreinfo splev_cores[CORE_COUNT_] = {
    SPLEV_CORE_FUNCS(SPLEV_CORE_INFO)};
