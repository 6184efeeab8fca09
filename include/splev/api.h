/* splev/api.h - how the library marks what it exports.
 *
 * The library is built with hidden visibility: only declarations marked
 * SPLEV_API are visible to a program linking it, and every one of them is
 * named splev_* (the rest of the library cannot clash with a program's own
 * names).  SPLEV_BEGIN_DECLS / SPLEV_END_DECLS give the headers C linkage
 * when a C++ program includes them. */
#ifndef SPLEV_API_H
#define SPLEV_API_H

#if defined(__GNUC__) && __GNUC__ >= 4
#define SPLEV_API __attribute__((visibility("default")))
#else
#define SPLEV_API
#endif

#ifdef __cplusplus
#define SPLEV_BEGIN_DECLS extern "C" {
#define SPLEV_END_DECLS }
#else
#define SPLEV_BEGIN_DECLS
#define SPLEV_END_DECLS
#endif

#endif
