/* What the installed nfs-utils does when nothing configures it.  Its
 * defaults changed between releases, and every distribution packages the
 * same releases, so the answer comes from the programs installed (under
 * --root), never from a distribution's name or release. */
#ifndef NFSCTL_NFSUTILS_H
#define NFSCTL_NFSUTILS_H

#include "settings.h"

/* The installed release as text for humans: "3.1.1 (PATH)", or what was
 * assumed and why (nfsutils.c says how it is found).  Probed once. */
const char *nfsutils_release_text(void);
/* Records in S, as built-in defaults, the values that changed between
 * releases ([nfsd] threads, vers4.0) as the installed release has them. */
void nfsutils_defaults(struct settings *s);

#endif
