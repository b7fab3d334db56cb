/* A growable, NULL-terminated vector of strings: argv in the making. */
#ifndef NFSCTL_STRV_H
#define NFSCTL_STRV_H

#include <stddef.h>

struct strv {
	char **v;   /* always NULL-terminated once anything was added */
	size_t n, cap;
};

void strv_init(struct strv *sv);
void strv_free(struct strv *sv);
void strv_add(struct strv *sv, const char *s);
void strv_addf(struct strv *sv, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Appends words of a whitespace-separated list (no quoting). */
void strv_add_words(struct strv *sv, const char *list);
int strv_contains(const struct strv *sv, const char *s);
/* Drops repeated strings, keeping each one's first place: O(n log n), for
 * lists read from files of any length (strv_contains per add is O(n^2)). */
void strv_dedup(struct strv *sv);
/* One line, words quoted only when they need it: for humans and logs. */
char *strv_join_display(const struct strv *sv);

#endif
