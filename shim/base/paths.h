/* Every file nfs-ctl touches goes through here, so that --root relocates
 * all of them (tests run the real code against a sandbox tree). */
#ifndef NFSCTL_PATHS_H
#define NFSCTL_PATHS_H

#include <stddef.h>
#include <sys/types.h>

void paths_set_root(const char *root);
const char *paths_root(void);            /* "" when not relocated */
/* Returns a newly allocated root-prefixed copy of an absolute path. */
char *path_in_root(const char *abs);
/* Finds PROGRAM in the program search path (root-prefixed); NULL if absent.
 * Newly allocated. */
char *find_program(const char *program);
/* The directories find_program searches, ':'-separated (not relocated). */
const char *program_dirs(void);
/* Is the program of command line WORDS ("nfsdctl autostart") installed? */
int program_installed(const char *words);

/* mkdir -p; 0 when PATH is a directory afterwards. */
int mkdir_p(const char *path, mode_t mode);

#endif
