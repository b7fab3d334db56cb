#include "backoff.h"
#include "clock.h"

void backoff_start(struct backoff *b, int timeout_ms)
{
	b->deadline = clock_now_ms() + timeout_ms;
	b->step = 1;
	b->max = BACKOFF_MAX_MS;
}

int backoff_nap(struct backoff *b)
{
	long long left = b->deadline - clock_now_ms();

	if (left <= 0)
		return -1;
	/* never past the deadline: the last question comes on time */
	clock_nap_ms(b->step < left ? b->step : (int)left);
	b->step = b->step * 2 < b->max ? b->step * 2 : b->max;
	return 0;
}

int backoff_wait_until(int (*ready)(const void *), const void *arg, int timeout_ms)
{
	return backoff_wait_until_max(ready, arg, timeout_ms, BACKOFF_MAX_MS);
}

int backoff_wait_until_max(int (*ready)(const void *), const void *arg, int timeout_ms,
			   int max_nap_ms)
{
	struct backoff b;

	backoff_start(&b, timeout_ms);
	b.max = max_nap_ms;
	while (!ready(arg))
		if (backoff_nap(&b) < 0)
			return ready(arg) ? 0 : -1;
	return 0;
}
