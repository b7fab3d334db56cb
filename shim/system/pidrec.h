/* Finding a component's running daemon: our own pid record or the
 * daemon's own pidfile, never a scan of /proc; each pid is trusted only if
 * it is the daemon by daemon_id.h's rules (and, for our records, started
 * at the recorded time), so a stale pidfile whose pid was reused by
 * another program, or a pid file others could write, is ignored. */
#ifndef NFSCTL_PIDREC_H
#define NFSCTL_PIDREC_H

#include "graph.h"

#include <sys/types.h>

enum pid_state { PID_NONE, PID_RUNNING, PID_STALE };

struct daemon_id;

/* ID: the daemon's rules and resolved program path (daemon_id.h).  When
 * running, *START (unless NULL) receives its start time, for
 * proc_terminate. */
enum pid_state pidrec_lookup(const struct component *c, const struct daemon_id *id,
			     pid_t *pid, unsigned long long *start);
/* The state of one pid file (PATH, root-prefixed): PID_RUNNING when its
 * pid runs EXE (and, with CHECK_START, started when the record says),
 * PID_STALE when it names anything else, PID_NONE when there is no file.
 * *pid receives the recorded pid.  Reads only (doctor). */
enum pid_state pidrec_file_state(const char *path, const char *exe,
				 int check_start, pid_t *pid);
/* Where our own record of C would be (root-prefixed, newly allocated);
 * unlike state_file(), creates nothing. */
char *pidrec_path(const struct component *c);
int pidrec_save(const struct component *c, pid_t pid);
/* Removes our record, the daemon's pidfile and its killall exemption. */
void pidrec_forget(const struct component *c);
/* Debian's sendsigs (the shutdown killall) spares the pids listed in files
 * under /run/sendsigs.omit.d/: statd must outlive it until the NFS file
 * systems are unmounted.  Writes PID there when that directory exists. */
void pidrec_omit_from_killall(const struct component *c, pid_t pid);

#endif
