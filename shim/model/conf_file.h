/* Reading one configuration file into memory, refusing what a
 * configuration file cannot be (a FIFO that would block us at boot, a
 * device, a directory, something huge).  Parsers then work on buffers,
 * which is also what the fuzzers feed them. */
#ifndef NFSCTL_CONF_FILE_H
#define NFSCTL_CONF_FILE_H

#include <stddef.h>

/* Larger than any real configuration, small enough to read at boot. */
#define CONF_FILE_MAX (16u * 1024 * 1024)

enum conf_read {
	CONF_READ_OK = 0,
	CONF_READ_MISSING,   /* ENOENT: the file (or a directory above it) is absent */
	CONF_READ_FAILED,    /* present but unusable: *why says why */
};

/* On CONF_READ_OK, *buf is a newly allocated copy of the file with a NUL
 * appended (the content itself may contain NUL bytes; *len counts them). */
enum conf_read conf_file_read(const char *path, char **buf, size_t *len,
			      const char **why);

#endif
