/* limits.h - the limits of a level script that the compiler and the
 * interpreter share: the checker refuses a des-file beyond them, the
 * interpreter a script beyond them (one made by hand or by another
 * tool), with the same numbers. */
#ifndef SPLEV_LEVCODE_LIMITS_H
#define SPLEV_LEVCODE_LIMITS_H

/* ROOM, SUBROOM and REGION blocks open at once: the games' own limit. */
#define MAX_ROOM_NEST 5
/* CONTAINER blocks open at once, inside one monster or object. */
#define MAX_CONTAINER_NEST 10
/* The highest room type; a REGION's unfilled type comes MAXRTYPE + 1
 * up in the script. */
#define MAXRTYPE 34

#endif
