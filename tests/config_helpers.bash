# Shared by tests/config*.bats: a sandbox root per test, fixtures copied in.
bats_require_minimum_version 1.5.0
bats_load_library bats-support
bats_load_library bats-assert

FIXTURES="$TOP_SRCDIR/tests/fixtures/config"
# The components whose command nfs-ctl runs, so that have an argv: the
# graph's names (`graph --list`) that `config --argv` accepts (mounts and
# the external rpcbind it refuses).  check_fixture makes sure every
# expected argv names one of them.
# shellcheck disable=SC2034 # used by the .bats files that load this
COMPONENTS=$(for c in $("$NFS_CTL" graph --list); do
	"$NFS_CTL" --root /nonexistent config --argv "$c" >/dev/null 2>&1 && echo "$c"
done)

config_setup() {
	ROOT=$(mktemp -d)
	mkdir -p "$ROOT/etc" "$ROOT/run"
}

config_teardown() {
	[ -n "${ROOT:-}" ] && rm -rf "$ROOT"
}

# fixture NAME: copies tests/fixtures/config/NAME (minus expectations) to $ROOT
fixture() {
	(cd "$FIXTURES/$1" && tar --exclude=./expected --exclude=./distro -cf - .) |
		(cd "$ROOT" && tar xf -)
}

# nfsctl ARGS...: nfs-ctl against the sandbox
nfsctl() {
	"$NFS_CTL" --root "$ROOT" "$@"
}

# put FILE CONTENT: writes $ROOT/FILE (printf %b: \n, \t, \0 are understood)
put() {
	mkdir -p "$(dirname "$ROOT/$1")"
	printf '%b' "$2" > "$ROOT/$1"
}
