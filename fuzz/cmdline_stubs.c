/* For fuzz_cmdline: what main.c calls once the command line is parsed.
 * fuzz/build.sh compiles main.c with each NAME below renamed to
 * fuzz_NAME, so that the parsed command reaches these stubs and nothing
 * is started, stopped or written.  Each checks what main() hands over.
 * The list of names is read from the STUB lines by fuzz/build.sh. */
#include "action.h"
#include "ctx.h"

#include <stdlib.h>

int fuzz_stub_calls;

static int command(struct ctx *ctx, int argc, char **argv)
{
	if (!ctx || argc < 0 || argv[argc] != NULL)
		abort();
	for (int i = 0; i < argc; i++)
		if (!argv[i])
			abort();
	fuzz_stub_calls++;
	return 0;
}

static int action(struct ctx *ctx, enum action a, const struct scope *what)
{
	(void)a;
	/* a scope is a target or one component, never both or neither */
	if (!ctx || !what || !what->name || !what->target == !what->one)
		abort();
	fuzz_stub_calls++;
	return 0;
}

#define STUB(name) int fuzz_##name(struct ctx *ctx, int argc, char **argv);	\
	int fuzz_##name(struct ctx *ctx, int argc, char **argv) { return command(ctx, argc, argv); }
#define STUB_ACTION(name) int fuzz_##name(struct ctx *, enum action, const struct scope *); \
	int fuzz_##name(struct ctx *ctx, enum action a, const struct scope *what) { return action(ctx, a, what); }

STUB(cmd_exec)
STUB(cmd_plan)
STUB(cmd_graph)
STUB(cmd_start_statd)
STUB(cmd_units)
STUB(cmd_config)
STUB(cmd_env)
STUB(cmd_generator)
STUB(cmd_doctor)
STUB(cmd_run)
STUB_ACTION(sysv_action)
STUB_ACTION(systemd_action)

int fuzz_status_every_target(struct ctx *ctx);
/* STUB(status_every_target) */
int fuzz_status_every_target(struct ctx *ctx)
{
	if (!ctx)
		abort();
	fuzz_stub_calls++;
	return 0;
}
