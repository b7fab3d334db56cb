/* libFuzzer target: the shell-assignment parser through each
 * distribution's variable table (the first byte picks Debian, Fedora or
 * openSUSE), then the argv builder on the result. */
#include "conf_diag.h"
#include "conf_legacy.h"
#include "daemon_args.h"

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct legacy_format *const formats[] = {
		&legacy_debian, &legacy_redhat, &legacy_suse,
	};
	struct settings s;

	if (size == 0)
		return 0;
	conf_diag_set_quiet(1);
	settings_init(&s);
	legacy_parse((const char *)data + 1, size - 1, "fuzz.vars", &s,
		     formats[data[0] % 3]);
	for (unsigned i = 0; i < graph_size; i++) {
		struct strv sv;

		strv_init(&sv);
		daemon_args(&s, &graph[i], &sv);
		strv_free(&sv);
	}
	settings_free(&s);
	return 0;
}
