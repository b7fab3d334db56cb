/* The daemons a run started (run_watch.h). */
#include "run_watch.h"
#include "daemon_id.h"
#include "log.h"
#include "pidrec.h"
#include "plan.h"
#include "proc.h"

static int same_process(const struct watched *d)
{
	return d->start && proc_alive(d->pid) && proc_starttime(d->pid) == d->start;
}

void run_watch_running(struct ctx *ctx, const struct scope *what, struct run_watch *out)
{
	struct plan p;

	out->n = 0;
	if (plan_build(ctx, PLAN_START, what, &p) < 0)
		return;
	for (size_t i = 0; i < p.n && out->n < RUN_WATCH_MAX; i++) {
		const struct step *s = &p.steps[i];
		struct watched *d = &out->v[out->n];
		struct daemon_id id;

		if (s->verb != V_START || s->missing || s->c->kind != KIND_DAEMON)
			continue;
		daemon_id_init(&id, ctx, s->c, s->argv.v[0]);
		d->c = s->c;
		d->pid = 0;
		d->start = 0;
		/* a record whose daemon already died counts, as dead (start 0
		 * is no process's): a death between the start and the watch
		 * still ends the run */
		if (pidrec_lookup(s->c, &id, &d->pid, &d->start) != PID_NONE && d->pid > 0)
			out->n++;
	}
	plan_free(&p);
}

void run_watch_minus(struct run_watch *w, const struct run_watch *before)
{
	size_t kept = 0;

	for (size_t i = 0; i < w->n; i++) {
		const struct watched *old = run_watch_find(before, w->v[i].pid);

		if (old && old->start == w->v[i].start) {
			log_info("%s: ran before this run (pid %d): not watched", w->v[i].c->name,
				 (int)w->v[i].pid);
			continue;
		}
		w->v[kept++] = w->v[i];
	}
	w->n = kept;
}

const struct watched *run_watch_find(const struct run_watch *w, pid_t pid)
{
	for (size_t i = 0; i < w->n; i++)
		if (w->v[i].pid == pid)
			return &w->v[i];
	return NULL;
}

const struct watched *run_watch_dead(const struct run_watch *w)
{
	for (size_t i = 0; i < w->n; i++)
		if (!same_process(&w->v[i]))
			return &w->v[i];
	return NULL;
}

size_t run_watch_kill(const struct run_watch *w)
{
	size_t n = 0;

	/* in the stop's order: the reverse of the start's */
	for (size_t i = w->n; i-- > 0;) {
		if (!same_process(&w->v[i]))
			continue;
		log_error("%s: killing pid %d", w->v[i].c->name, (int)w->v[i].pid);
		/* timeout 0: KILL at once, through a pidfd pinned to that process */
		if (proc_terminate(w->v[i].pid, 0, w->v[i].start) >= 0)
			n++;
	}
	return n;
}
