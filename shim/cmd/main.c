/* nfs-ctl: start and stop the NFS daemons in the one right order, from
 * init scripts, systemd units and mount.nfs alike. */
#include "build-config.h"
#include "commands.h"
#include "conf_diag.h"
#include "config.h"
#include "env_own.h"
#include "initsys.h"
#include "log.h"
#include "lsb.h"
#include "paths.h"
#include "seconds.h"
#include "run_systemd.h"
#include "sysv_actions.h"
#include "graph.h"

#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_TIMEOUT_MS 30000
#define GENERATOR_NAME "nfs-ctl-generator"

static void usage(FILE *out)
{
	fputs("Usage: nfs-ctl [OPTIONS] ACTION TARGET|COMPONENT\n"
	      "       nfs-ctl [OPTIONS] COMMAND [ARGS]\n"
	      "Actions: start stop restart try-restart reload force-reload status\n"
	      "Targets: server client secure blkmap (or one component, see `nfs-ctl graph`)\n"
	      "Commands:\n"
	      "  status                                  every target's status\n"
	      "  plan ACTION TARGET [--format=text|dot]  show the ordered steps, do nothing\n"
	      "  graph [--list[=targets|units]|--check]  the component graph (dot), its names\n"
	      "  exec [--stop] COMPONENT                 build argv and exec it (systemd units)\n"
	      "  start-statd                             start rpc.statd for mount.nfs\n"
	      "  config [--check] [--get SECTION.KEY]    configuration with sources\n"
	      "  env [--output FILE]                     environment file for legacy units\n"
	      "  units --output DIR                      write the systemd units\n"
	      "  doctor [--format=text|json] [TARGET]    compare what runs with the plan\n"
	      "  run [--stop-timeout=SECONDS] [TARGET]   start, stay in the foreground, stop on TERM\n"
	      "Options:\n"
	      "  --root DIR          relocate every path (tests, packaging)\n"
	      "  --init=sysv|systemd override init system detection\n"
	      "  --distro=NAME       debian, redhat, suse or none (default: detect)\n"
	      "  --set SECTION.KEY=VALUE  override a setting for this run\n"
	      "  --timeout=SECONDS   bound on each wait (default 30)\n"
	      "  -v, --verbose       say every step (twice: more)\n"
	      "  -h, --help          this text\n"
	      "  --version           version and build options\n", out);
}

/* The version, and the build options that change behaviour: whether
 * start-statd talks to systemd over its bus, where daemons are looked for. */
static void version(void)
{
#ifdef HAVE_LIBSYSTEMD
	const char *libsystemd = "yes";
#else
	const char *libsystemd = "no";
#endif

	printf("nfs-ctl %s\nlibsystemd: %s\ndaemon path: %s\n", PACKAGE_VERSION, libsystemd,
	       DAEMON_PATH);
}

static int apply_set(struct ctx *ctx, const char *arg)
{
	const char *dot = strchr(arg, '.'), *eq = strchr(arg, '=');
	char section[128], key[128];

	if (!dot || !eq || dot > eq || dot - arg >= (long)sizeof(section) ||
	    eq - dot - 1 >= (long)sizeof(key) || dot == arg || eq == dot + 1) {
		log_error("--set %s: expected SECTION.KEY=VALUE", arg);
		return -1;
	}
	snprintf(section, sizeof(section), "%.*s", (int)(dot - arg), arg);
	snprintf(key, sizeof(key), "%.*s", (int)(eq - dot - 1), dot + 1);
	settings_set(&ctx->settings, section, key, eq + 1, "--set", 0, ORIGIN_CMDLINE);
	return 0;
}

int cmd_action(struct ctx *ctx, enum action action, int argc, char **argv)
{
	struct scope what;

	if (action_has(action, ACTF_STARTS))
		conf_diag_show_conflicts();
	if (argc == 0 && action == ACT_STATUS)
		return status_every_target(ctx);
	if (argc != 1) {
		log_error("usage: nfs-ctl %s TARGET|COMPONENT", action_name(action));
		return LSB_ERR_ARGS;
	}
	if (scope_parse(argv[0], &what) < 0) {
		log_error("unknown target or component '%s' (targets: %s)", argv[0],
			  target_names());
		return action == ACT_STATUS ? LSB_STATUS_UNKNOWN : LSB_ERR_ARGS;
	}
	if (initsys_mode(ctx) == INIT_SYSTEMD)
		return systemd_action(ctx, action, &what);
	return sysv_action(ctx, action, &what);
}

static int dispatch(struct ctx *ctx, const char *cmd, int argc, char **argv)
{
	static const struct {
		const char *name;
		int (*fn)(struct ctx *, int, char **);
	} commands[] = {
		{ "exec", cmd_exec }, { "plan", cmd_plan }, { "graph", cmd_graph },
		{ "start-statd", cmd_start_statd }, { "units", cmd_units },
		{ "config", cmd_config }, { "env", cmd_env },
		{ "generator", cmd_generator }, { "doctor", cmd_doctor },
		{ "run", cmd_run },
	};

	enum action action;

	if (action_parse(cmd, &action) == 0)
		return cmd_action(ctx, action, argc, argv);
	for (size_t i = 0; i < sizeof(commands) / sizeof(*commands); i++)
		if (strcmp(commands[i].name, cmd) == 0)
			return commands[i].fn(ctx, argc, argv);
	log_error("unknown command '%s'; see nfs-ctl --help", cmd);
	return LSB_ERR_ARGS;
}

static int parse_init(struct ctx *ctx, const char *arg)
{
	if (!strcmp(arg, "sysv") || !strcmp(arg, "sysvinit"))
		ctx->init = INIT_SYSV;
	else if (!strcmp(arg, "systemd"))
		ctx->init = INIT_SYSTEMD;
	else if (!strcmp(arg, "auto"))
		ctx->init = INIT_AUTO;
	else
		return -1;
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "root", required_argument, NULL, 'r' },
		{ "init", required_argument, NULL, 'i' },
		{ "distro", required_argument, NULL, 'd' },
		{ "set", required_argument, NULL, 's' },
		{ "timeout", required_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct ctx ctx = { .init = INIT_AUTO, .timeout_ms = DEFAULT_TIMEOUT_MS };
	const char *base = strrchr(argv[0], '/');
	struct strv sets;
	int opt, rc, verbose = 0;

	base = base ? base + 1 : argv[0];
	/* a caller that ignores SIGCHLD would have our children reaped by the
	 * kernel: every wait for a start would fail (and a timeout's KILL
	 * hit a pid that may be reused) */
	signal(SIGCHLD, SIG_DFL);
	env_own_trust(strcmp(base, "start-statd") != 0);
	paths_set_root(env_own("NFS_CTL_ROOT"));
	if (env_own("NFS_CTL_TIMEOUT") && seconds_parse_ms(env_own("NFS_CTL_TIMEOUT"), &ctx.timeout_ms) < 0) {
		log_error("NFS_CTL_TIMEOUT=%s: " SECONDS_RULE, env_own("NFS_CTL_TIMEOUT"));
		return LSB_ERR_ARGS;
	}
	strv_init(&sets);
	settings_init(&ctx.settings);
	/* "+": options stop at the command, whose own options follow it */
	while ((opt = getopt_long(argc, argv, "+vh", opts, NULL)) != -1) {
		switch (opt) {
		case 'r': paths_set_root(optarg); break;
		case 'i':
			if (parse_init(&ctx, optarg) < 0) {
				log_error("--init=%s: expected sysv or systemd", optarg);
				rc = LSB_ERR_ARGS;
				goto out;
			}
			break;
		case 'd': ctx.distro = optarg; break;
		case 's': strv_add(&sets, optarg); break;
		case 't':
			if (seconds_parse_ms(optarg, &ctx.timeout_ms) < 0) {
				log_error("--timeout=%s: " SECONDS_RULE, optarg);
				rc = LSB_ERR_ARGS;
				goto out;
			}
			break;
		case 'v': verbose++; break;
		case 'h': usage(stdout); rc = LSB_OK; goto out;
		case 'V': version(); rc = LSB_OK; goto out;
		default: usage(stderr); rc = LSB_ERR_ARGS; goto out;
		}
	}
	log_set_verbose(verbose);
	if (config_load(&ctx) < 0 && !ctx.settings.errors)
		ctx.settings.errors = 1;
	for (size_t i = 0; i < sets.n; i++)
		if (apply_set(&ctx, sets.v[i]) < 0) {
			rc = LSB_ERR_ARGS;
			goto out;
		}
	config_check(&ctx.settings);
	if (strcmp(base, "start-statd") == 0)
		rc = cmd_start_statd(&ctx, argc - optind, argv + optind);
	else if (strcmp(base, GENERATOR_NAME) == 0)
		rc = cmd_generator(&ctx, argc - optind, argv + optind);
	else if (optind >= argc) {
		usage(stderr);
		rc = LSB_ERR_ARGS;
	} else
		rc = dispatch(&ctx, argv[optind], argc - optind - 1, argv + optind + 1);
	/* every return frees what main() holds: no exit leaves a leak for
	 * LeakSanitizer to report (fuzz/fuzz_cmdline.c calls main again and
	 * again) */
out:
	strv_free(&sets);
	settings_free(&ctx.settings);
	return rc;
}
