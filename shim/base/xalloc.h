/* Allocation that cannot fail: nfs-ctl has nothing useful to do without
 * memory, so it says so and exits with LSB's generic error. */
#ifndef NFSCTL_XALLOC_H
#define NFSCTL_XALLOC_H

#include <stdarg.h>
#include <stddef.h>

void xalloc_die(void) __attribute__((noreturn));
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

#endif
