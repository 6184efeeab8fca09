/* lev_classic_int.h - internals of the classic level writer: the games'
 * monster and object tables (names_tab.c, generated) and their lookups. */
#ifndef SPLEV_LEV_CLASSIC_INT_H
#define SPLEV_LEV_CLASSIC_INT_H

typedef struct classic_name {
    const char *name;       /* NULL ends a table */
    char cls;               /* the class symbol */
    int index;              /* the number in the game's table */
} classic_name;

extern const classic_name classic_un_monsters[], classic_un_objects[];
extern const classic_name classic_nh_monsters[], classic_nh_objects[];

#endif
