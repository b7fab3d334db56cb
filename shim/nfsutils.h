/* What the installed nfs-utils does when nothing configures it.  Its
 * defaults changed between releases, and every distribution packages the
 * same releases, so the answer comes from the programs installed (under
 * --root), never from a distribution's name or release. */
#ifndef NFSCTL_NFSUTILS_H
#define NFSCTL_NFSUTILS_H

#include "settings.h"

/* A release as one number: 2.8.3 is 20803. */
#define NFSUTILS_RELEASE(major, minor, patch) ((major) * 10000 + (minor) * 100 + (patch))

/* The installed release, as far as the programs tell (nfsutils.c says
 * how); 0 when no program reports one: a release before 2.8.1, or one
 * built without nfsdctl.  Probed once. */
unsigned nfsutils_release(void);
/* The release as text for humans: "3.1.1 (PATH)", or what was assumed. */
const char *nfsutils_release_text(void);
/* Records in S, as built-in defaults, the values that changed between
 * releases ([nfsd] threads, vers4.0) as the installed release has them. */
void nfsutils_defaults(struct settings *s);

#endif
