#include "backoff.h"
#include "clock.h"

void backoff_start(struct backoff *b, int timeout_ms)
{
	b->deadline = clock_now_ms() + timeout_ms;
	b->step = 1;
}

int backoff_nap(struct backoff *b)
{
	long long left = b->deadline - clock_now_ms();

	if (left <= 0)
		return -1;
	/* never past the deadline: the last question comes on time */
	clock_nap_ms(b->step < left ? b->step : (int)left);
	b->step = b->step * 2 < BACKOFF_MAX_MS ? b->step * 2 : BACKOFF_MAX_MS;
	return 0;
}

int backoff_wait_until(int (*ready)(const void *), const void *arg, int timeout_ms)
{
	struct backoff b;

	backoff_start(&b, timeout_ms);
	while (!ready(arg))
		if (backoff_nap(&b) < 0)
			return ready(arg) ? 0 : -1;
	return 0;
}
