/* `nfs-ctl env [--output FILE]`: writes the compatibility environment
 * file (default /run/sysconfig/nfs-utils under --root; "-" for standard
 * output).  An explicit FILE is taken as given, not relocated. */
#include "commands.h"
#include "conf_diag.h"
#include "env_file.h"
#include "log.h"
#include "paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int parse_output(int argc, char **argv, const char **output)
{
	for (int i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "--output=", 9))
			*output = argv[i] + 9;
		else if ((!strcmp(argv[i], "--output") || !strcmp(argv[i], "-o")) &&
			 i + 1 < argc)
			*output = argv[++i];
		else
			return -1;
	}
	return 0;
}

int cmd_env(struct ctx *ctx, int argc, char **argv)
{
	const char *output = NULL;
	char *content, *path;
	int r;

	conf_diag_show_warnings();
	if (parse_output(argc, argv, &output) < 0) {
		fputs("usage: nfs-ctl env [--output FILE|-]\n", stderr);
		return 2;
	}
	content = env_file_format(&ctx->settings);
	if (!content)
		return 1;
	if (output && !strcmp(output, "-")) {
		fputs(content, stdout);
		free(content);
		return fflush(stdout) == 0 ? 0 : 1;
	}
	path = output ? strdup(output) : path_in_root(ENV_FILE_PATH);
	r = path ? env_file_write(path, content) : -1;
	if (r == 0)
		log_info("env: wrote %s", path);
	free(path);
	free(content);
	return r == 0 ? 0 : 1;
}
