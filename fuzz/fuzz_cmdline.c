/* libFuzzer target: nfs-ctl's command line as main() parses it: the
 * global options (--set SECTION.KEY=VALUE, --timeout, --init, --distro,
 * -v...), the program's name (nfs-ctl, start-statd, the generator), the
 * environment variable NFS_CTL_TIMEOUT, then the action or command word
 * and its target.  main.c is compiled with its main renamed and the
 * commands' entry points replaced by fuzz/cmdline_stubs.c (fuzz/build.sh),
 * so nothing is ever started.  Configuration comes from a private root,
 * given both as NFS_CTL_ROOT and as --root; the input never chooses it.
 *
 * Input: byte 0 picks the program name (bits 0-1) and whether the first
 * word is NFS_CTL_TIMEOUT's value (bit 2); the rest is the words,
 * separated by NUL bytes. */
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <getopt.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int nfs_ctl_main(int argc, char **argv);

#define MAX_WORDS 64

static char root[PATH_MAX], root_option[PATH_MAX + 8];

static void remove_root(void)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/etc/nfs.conf", root);
	unlink(path);
	snprintf(path, sizeof(path), "%s/etc", root);
	rmdir(path);
	rmdir(root);
}

static void make_root(void)
{
	static const char conf[] = "[nfsd]\nthreads = 8\nvers3 = y\n[nfs-ctl]\nneed-statd = yes\n";
	char path[PATH_MAX];
	FILE *f;

	snprintf(root, sizeof(root), "%s/nfs-ctl-fuzz-cmdline.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(root))
		abort();
	atexit(remove_root);
	snprintf(root_option, sizeof(root_option), "--root=%s", root);
	snprintf(path, sizeof(path), "%s/etc", root);
	if (mkdir(path, 0755) < 0)
		abort();
	snprintf(path, sizeof(path), "%s/etc/nfs.conf", root);
	f = fopen(path, "we");
	if (!f || fputs(conf, f) < 0 || fclose(f) != 0)
		abort();
	/* --help and --version print there; the fuzzer's own output is stderr */
	if (!freopen("/dev/null", "w", stdout))
		abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = {
		"/usr/sbin/nfs-ctl", "start-statd", "nfs-ctl-generator", "nfs-ctl",
	};
	char *copy, *argv[MAX_WORDS + 3];
	int argc = 0;
	size_t i = 1;

	if (size == 0)
		return 0;
	if (!*root)
		make_root();
	copy = malloc(size + 1);
	if (!copy)
		abort();
	memcpy(copy, data, size);
	copy[size] = '\0';
	setenv("NFS_CTL_ROOT", root, 1);
	unsetenv("NFS_CTL_TIMEOUT");
	if (data[0] & 4) {
		setenv("NFS_CTL_TIMEOUT", copy + 1, 1);
		i += strlen(copy + 1) + 1;
	}
	argv[argc++] = (char *)names[data[0] & 3];
	/* start-statd ignores NFS_CTL_ROOT (env_own.c): without --root it
	 * would read this machine's configuration and send its messages to
	 * the system log */
	argv[argc++] = root_option;
	for (; i < size && argc < MAX_WORDS + 2; i += strlen(copy + i) + 1) {
		/* --root, or any abbreviation of it, would leave the private
		 * root: not the input's to choose */
		if (strncmp(copy + i, "--r", 3) == 0)
			continue;
		argv[argc++] = copy + i;
	}
	argv[argc] = NULL;
	optind = 0; /* glibc: start getopt afresh */
	(void)nfs_ctl_main(argc, argv);
	free(copy);
	return 0;
}
