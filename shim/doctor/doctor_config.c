/* The doctor's configuration checks: malformed files, a legacy file that
 * nfs.conf overrides (both file:line), and the external services the plan
 * only checks (rpcbind), which nothing else starts for it. */
#include "doctor.h"
#include "conf_diag.h"
#include "initsys.h"
#include "policy.h"
#include "rpcbind_query.h"
#include "xalloc.h"

#include <stdlib.h>
#include <string.h>

static void check_syntax(struct doctor *d)
{
	int errors = d->ctx->settings.errors;

	if (errors)
		doctor_add(d, LEVEL_FAIL, "config", "syntax", xstrdup("well-formed configuration"),
			   xasprintf("%d malformed line%s (named with file:line on stderr)", errors,
				     errors == 1 ? "" : "s"),
			   NULL, xstrdup("nfs-ctl config --check"));
	else
		doctor_add(d, LEVEL_OK, "config", "syntax", xstrdup("well-formed configuration"),
			   xstrdup("no malformed line"), NULL, NULL);
}

/* nfs.conf wins; the legacy line is dead text that misleads whoever reads
 * it: commenting it out changes nothing that runs. */
static void check_conflicts(struct doctor *d)
{
	size_t n;
	const struct conf_conflict_rec *r = conf_diag_conflicts(&n);

	if (n == 0)
		doctor_add(d, LEVEL_OK, "config", "conflict",
			   xstrdup("no legacy file setting what nfs.conf sets differently"),
			   xstrdup("none"), NULL, NULL);
	for (size_t i = 0; i < n; i++, r++)
		doctor_add(d, LEVEL_WARN, "config", "conflict", xstrdup(r->winner),
			   r->file ? xasprintf("%s in %s:%d, ignored", r->ignored, r->file, r->line)
				   : xasprintf("%s, ignored", r->ignored),
			   r->winner_file ? xasprintf("%s:%d", r->winner_file, r->winner_line) : NULL,
			   r->file ? xasprintf("sed -i '%ds/^/# /' %s", r->line, r->file) : NULL);
}

/* "statd, mountd, nfsd": the wanted components that need EXT. */
static char *needed_by(const struct doctor *d, const struct component *ext)
{
	char *out = xstrdup("");

	for (unsigned k = 0; k < graph_size; k++) {
		char *next;

		if (!d->wanted[k] || !graph_needs(&graph[k], ext))
			continue;
		next = xasprintf("%s%s%s", out, *out ? ", " : "", graph[k].name);
		free(out);
		out = next;
	}
	return out;
}

static void check_external(struct doctor *d, const struct component *c)
{
	char *users = needed_by(d, c);
	int v3 = (d->target_bits & target_serving()->target) &&
		 policy_nfs_version_enabled(d->ctx, "3");
	char *expected = xasprintf("%s answering (needed by %s%s)", c->name, users,
				   v3 ? "; NFSv3 enabled" : "");
	int up = rpcbind_registered(c->rpcprog) > 0;

	free(users);
	if (up)
		doctor_add(d, LEVEL_OK, c->name, "running", expected, xstrdup("answering"), NULL,
			   NULL);
	else
		doctor_add(d, LEVEL_FAIL, c->name, "running", expected, xstrdup("not answering"),
			   NULL,
			   initsys_mode(d->ctx) == INIT_SYSTEMD ? xasprintf("systemctl start %s", c->unit)
								: xasprintf("service %s start", c->start));
}

void doctor_check_config(struct doctor *d)
{
	check_syntax(d);
	check_conflicts(d);
	for (unsigned k = 0; k < graph_size; k++)
		if (graph[k].kind == KIND_EXTERNAL && graph[k].rpcprog && d->wanted[k])
			check_external(d, &graph[k]);
}
