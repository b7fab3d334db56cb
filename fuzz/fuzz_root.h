/* A private --root for the fuzzers that read files (genmounts,
 * nfsconfload, plan): one directory per process, made on the first input
 * and removed at exit (libFuzzer ends with exit()), under FUZZ_ROOT_DIR,
 * else /dev/shm when it is a tmpfs, else $TMPDIR or /tmp.  A run that
 * crashed leaves its root behind. */
#ifndef NFSCTL_FUZZ_ROOT_H
#define NFSCTL_FUZZ_ROOT_H

#include <stddef.h>
#include <stdint.h>

/* Makes the root "nfs-ctl-fuzz-TAG.XXXXXX" with DIRS (N, parents first)
 * in it, and sets it as nfs-ctl's --root. */
void fuzz_root_make(const char *tag, const char *const *dirs, size_t n);
/* REL's path under the root, in BUF. */
void fuzz_root_path(char *buf, size_t len, const char *rel);
/* Writes LEN bytes of DATA as the file REL, unless the last put left it
 * with those bytes: files under the root change only through these two. */
void fuzz_root_put(const char *rel, const void *data, size_t len);
/* Removes the file REL (there or not). */
void fuzz_root_remove(const char *rel);
/* Writes the input, cut at each byte 0x01, as the contents of FILES (N),
 * in order; the files the input does not reach are empty. */
void fuzz_root_split(const uint8_t *data, size_t size, const char *const *files, size_t n);

#endif
