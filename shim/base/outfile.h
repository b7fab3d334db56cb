/* Writing a whole file that something else will read as a whole (systemd's
 * unit files and drop-ins, stamps): every write and the close are checked,
 * the stream is closed exactly once, and a file that could not be written
 * completely is removed, since systemd would read half a drop-in as a
 * whole one (ENOSPC on /run shows only when the close flushes). */
#ifndef NFSCTL_OUTFILE_H
#define NFSCTL_OUTFILE_H

#include <stdio.h>

/* Closes F (opened on PATH) once; if a write to it or the close failed,
 * logs "WHO: PATH: error", removes PATH and returns -1. */
int outfile_finish(const char *who, const char *path, FILE *f);
/* Creates or truncates PATH with TEXT; -1 (logged, PATH removed) on error. */
int outfile_write(const char *who, const char *path, const char *text);

#endif
