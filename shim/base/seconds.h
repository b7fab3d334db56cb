/* A duration as nfs-ctl's options take it: seconds, a plain decimal
 * number (--timeout, NFS_CTL_TIMEOUT, run --stop-timeout). */
#ifndef NFSCTL_SECONDS_H
#define NFSCTL_SECONDS_H

#define SECONDS_RULE "expected seconds, a decimal number from 0.001 to 86400"

/* ARG in milliseconds into *MS; -1 (and *MS untouched) unless ARG keeps
 * SECONDS_RULE. */
int seconds_parse_ms(const char *arg, int *ms);

#endif
