/* The doctor's check of the kernel upcalls that a daemon serves through a
 * pipe in rpc_pipefs (graph: READY_PIPE_WATCHED, upcall_pipe): nfsd's
 * NFSv4 client tracking by nfsdcld.  When no reader opened the pipe in
 * time, the kernel removed it and tracks clients another way for good,
 * without a word to the administrator: NFSv4 clients then lose their state
 * at the next restart (or at once in a container, where no other way
 * works).  The pipe's presence while nfsd serves NFSv4 is the proof. */
#include "doctor.h"
#include "mounts.h"
#include "paths.h"
#include "pipe_watch.h"
#include "plan.h"
#include "readiness.h"
#include "xalloc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Does nfsd serve some NFSv4 ("+4", "+4.1" in /proc/fs/nfsd/versions)?
 * Unknown counts as yes: the check then says what it sees. */
static int serves_v4(void)
{
	char *path = path_in_root("/proc/fs/nfsd/versions"), buf[256] = "";
	FILE *f = fopen(path, "re");
	int yes = 1;

	free(path);
	if (f) {
		if (fgets(buf, sizeof(buf), f))
			yes = strstr(buf, "+4") != NULL;
		fclose(f);
	}
	return yes;
}

/* A restart of a checked target that has C brings the pipe back. */
static char *restart_fix(const struct doctor *d, const struct component *c)
{
	for (int i = 0; d->targets[i]; i++)
		if (c->targets & d->targets[i])
			return xasprintf("nfs-ctl restart %s", target_name(d->targets[i]));
	return NULL;
}

static void check_pipe(struct doctor *d, const struct component *c)
{
	char *where = path_in_root(pipefs_dir(d->ctx));
	char *pipe = pipe_watch_pipe(d->ctx, c);
	char *expected = xasprintf("%s open by %s", pipe, c->name);

	if (!mounts_has("rpc_pipefs", where))
		doctor_add(d, LEVEL_FAIL, c->name, "upcall", expected,
			   xasprintf("no rpc_pipefs mounted on %s, where %s looks for the pipe", where,
				     c->name),
			   NULL, restart_fix(d, c));
	else if (access(pipe, F_OK) != 0)
		doctor_add(d, LEVEL_FAIL, c->name, "upcall", expected,
			   xasprintf("the kernel removed %s: no reader came when nfsd started, so it "
				     "uses another way for good (NFSv4 clients lose their state at "
				     "the next restart)", pipe),
			   NULL, restart_fix(d, c));
	else
		doctor_add(d, LEVEL_OK, c->name, "upcall", expected, xstrdup("present"), NULL, NULL);
	free(where);
	free(pipe);
}

void doctor_check_tracking(struct doctor *d)
{
	if (nfsd_threads() <= 0 || !serves_v4())
		return;
	for (unsigned k = 0; k < graph_size; k++)
		if (graph[k].ready == READY_PIPE_WATCHED && d->wanted[k])
			check_pipe(d, &graph[k]);
}
