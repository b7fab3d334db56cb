/* Why a component is (not) wanted, or a shared daemon kept: what decided
 * and where it was decided, kept apart so that every reader (the plan,
 * `config --wants`, doctor's origin) takes the place from the value
 * instead of parsing it back out of a sentence.  A reason owns its
 * strings: it outlives the call that made it, and whoever holds it frees
 * it (reason_free). */
#ifndef NFSCTL_REASON_H
#define NFSCTL_REASON_H

#include "settings.h"

struct reason {
	char *text;   /* what decided, without the place: "statd disabled";
		       * NULL: nothing to say */
	char *file;   /* the place: a setting's file, or "--set"; NULL: none
		       * (built-in default, detection, or the text names it) */
	int line;     /* FILE's line; 0: the file as a whole, or --set */
	int in_parens; /* the sentence reads "TEXT (PLACE)", not "TEXT in PLACE":
			* "in" would say where the text happens */
};

/* Replaces R with FMT's text and the place FILE:LINE (FILE NULL: none). */
void reason_at(struct reason *r, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
/* Replaces R with FMT's text and the place setting E came from (NULL, or
 * a built-in default: none). */
void reason_of(struct reason *r, const struct setting *e, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* A copy of FROM that owns its own strings. */
void reason_copy(struct reason *to, const struct reason *from);
/* Frees R's strings and leaves it empty. */
void reason_free(struct reason *r);
/* The place as "FILE:LINE" or "FILE"; NULL when none.  Allocated. */
char *reason_origin(const struct reason *r);
/* The sentence the plan prints: "TEXT in PLACE", "TEXT (PLACE)", "TEXT",
 * "" when empty.  Allocated. */
char *reason_sentence(const struct reason *r);

#endif
