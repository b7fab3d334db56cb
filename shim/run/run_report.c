/* The one failure report of a start (run_report.h). */
#include "run_report.h"
#include "log.h"

#include <stdlib.h>

void run_report_failure(const struct plan *p, size_t failed, const struct strv *started)
{
	char *done = strv_join_display(started), *notdone;
	struct strv left;

	strv_init(&left);
	/* the runner stops at the failed step: no later one ran */
	for (size_t i = failed + 1; i < p->n; i++)
		if (p->steps[i].verb != V_SKIP && !strv_contains(&left, p->steps[i].c->name))
			strv_add(&left, p->steps[i].c->name);
	notdone = strv_join_display(&left);
	log_error("%s %s failed at %s; started in this run: %s; not run: %s",
		  plan_kind_name(p->kind), p->scope.name, p->steps[failed].c->name,
		  *done ? done : "nothing", *notdone ? notdone : "nothing");
	free(done);
	free(notdone);
	strv_free(&left);
}
