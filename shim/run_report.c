/* The one failure report of a start (run_report.h). */
#include "run_report.h"
#include "log.h"

#include <stdlib.h>

void run_report_failure(const struct plan *p, size_t failed, int failed_level,
			const struct strv *started, run_not_run_fn not_run)
{
	char *done = strv_join_display(started), *notdone;
	struct strv left;

	strv_init(&left);
	for (size_t i = 0; i < p->n; i++)
		if (not_run(p, failed, failed_level, i) && !strv_contains(&left, p->steps[i].c->name))
			strv_add(&left, p->steps[i].c->name);
	notdone = strv_join_display(&left);
	log_error("%s %s failed at %s; started in this run: %s; not run: %s",
		  plan_kind_name(p->kind), p->scope.name, p->steps[failed].c->name,
		  *done ? done : "nothing", *notdone ? notdone : "nothing");
	free(done);
	free(notdone);
	strv_free(&left);
}
