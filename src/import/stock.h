/* stock.h - facts about the two games shared by importers, exporters and
 * the test validators: Asciifarm's stock template names and flags, our own
 * encyclopedia templates, and Rogue Cloud's valid tile numbers. */
#ifndef SPLEV_IMPORT_STOCK_H
#define SPLEV_IMPORT_STOCK_H

enum { AF_FLOOR = 1, AF_BLOCKING = 2 };

/* Flags of a template name of the stock encyclopediae (AF_*), -1 when the
 * stock set does not define it. */
int af_stock_flags(const char *name);
/* Flags of one of our own templates (nh_*), -1 when it is not ours. */
int af_own_flags(const char *name);
/* 1 for the valid Rogue Cloud tile numbers (and -1). */
int rc_tile_valid(long n);

#endif
