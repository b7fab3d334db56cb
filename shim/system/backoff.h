/* Waiting for something no event announces (a registration, a lock, a
 * process gone that is not our child): ask, nap, ask again, the nap
 * growing from 1 ms to BACKOFF_MAX_MS, so that a quick answer costs
 * almost no latency and a slow one little CPU.  Every such loop in
 * nfs-ctl is this one (issue 13); none sleeps a fixed time. */
#ifndef NFSCTL_BACKOFF_H
#define NFSCTL_BACKOFF_H

#define BACKOFF_MAX_MS 20

struct backoff {
	long long deadline; /* on clock_now_ms()'s clock */
	int step;
	int max; /* the longest nap: BACKOFF_MAX_MS unless the caller says */
};

/* Starts a wait of at most TIMEOUT_MS from now. */
void backoff_start(struct backoff *b, int timeout_ms);
/* Naps for the next step and returns 0; -1 at once (no nap) when the
 * deadline has passed: the caller asks one last time or gives up. */
int backoff_nap(struct backoff *b);
/* Asks READY(ARG) until it says yes (nonzero): 0; or TIMEOUT_MS passed: -1. */
int backoff_wait_until(int (*ready)(const void *), const void *arg, int timeout_ms);
/* The same for a question that costs a process (a systemctl run): the naps
 * grow to MAX_NAP_MS, so that asking does not take the CPU from what is
 * awaited (on one emulated CPU a systemctl run costs tens of ms). */
int backoff_wait_until_max(int (*ready)(const void *), const void *arg, int timeout_ms,
			   int max_nap_ms);

#endif
