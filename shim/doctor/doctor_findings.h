/* The doctor's findings: a list that every check adds to and the report
 * prints, apart from the doctor's driver (doctor.c), which the checks
 * never call back into. */
#ifndef NFSCTL_DOCTOR_FINDINGS_H
#define NFSCTL_DOCTOR_FINDINGS_H

#include <stddef.h>

/* Ordered by severity: only FAIL changes the exit code. */
enum doctor_level { LEVEL_OK, LEVEL_INFO, LEVEL_WARN, LEVEL_FAIL };

struct finding {
	enum doctor_level level;
	const char *component; /* graph name, a target, "config" */
	const char *check;     /* stable name of the check (docs/doctor.md) */
	char *expected;
	char *seen;
	char *origin;          /* FILE:LINE that decided `expected`, or NULL */
	char *fix;             /* one command, or NULL */
};

struct findings {
	struct finding *v;
	size_t n, cap;
};

/* Adds a finding; takes EXPECTED, SEEN, ORIGIN and FIX (malloc'ed or
 * NULL) and frees them with the list. */
void findings_add(struct findings *l, enum doctor_level level, const char *component,
		  const char *check, char *expected, char *seen, char *origin, char *fix);
/* Is one of them a FAIL? */
int findings_failed(const struct findings *l);
void findings_free(struct findings *l);
const char *doctor_level_name(enum doctor_level level);

/* doctor_report.c: the findings on stdout, as text or JSON Lines */
void doctor_print_text(const struct findings *l);
void doctor_print_json(const struct findings *l);

#endif
