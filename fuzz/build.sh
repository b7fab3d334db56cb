#!/bin/sh
# Builds libFuzzer targets with clang under ASan/UBSan:
#   fuzz/build.sh WORKDIR TARGET...   -> WORKDIR/fuzz_TARGET
# Shared by run-smoke.sh (CI) and run-long.sh (make fuzz-long).  No shim
# source is named here: the readers come as Makefile.am builds them
# (libnfsctl_conf.a), the rest of nfs-ctl as its objects, found wherever
# shim/ keeps them.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
work=$1
shift
cc=${CLANG:-clang}
flags="-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
nice="nice -n 19"

if ! command -v "$cc" >/dev/null 2>&1; then
	echo "fuzz: $cc not found (Debian: apt-get install clang libclang-rt-14-dev)" >&2
	exit 1
fi
[ -x "$top/configure" ] || (cd "$top" && autoreconf -fi)
b=$work/build
mkdir -p "$b"
# the readers' fuzzers need the library only; plan and cmdline need the
# whole program's objects
want=libnfsctl_conf.a
case " $* " in *" plan "* | *" cmdline "*) want="$want nfs-ctl" ;; esac
# shellcheck disable=SC2086 # word lists
if ! (cd "$b" && { [ -f Makefile ] || $nice "$top/configure" CC="$cc" \
	CFLAGS="$flags -fsanitize=fuzzer-no-link" >configure.out 2>&1; } &&
	$nice make -s -j"${FUZZ_MAKE_JOBS:-2}" $want >make.out 2>&1); then
	echo "fuzz: building $want failed (a source tree configured in place? make distclean)" >&2
	tail -40 "$b/configure.out" "$b/make.out" >&2 2>/dev/null
	exit 1
fi
inc="$(find "$top/shim" -type d | sed 's/^/-I/' | tr '\n' ' ') -I$b"
tirpc=$(sed -n 's/^TIRPC_CFLAGS = //p' "$b/Makefile")
dl_libs=$(sed -n 's/^DL_LIBS = //p' "$b/Makefile")

# every object of nfs-ctl but its main(), as an archive: the linker takes
# only what a fuzzer reaches
program_archive() {
	# anew each time: make may have rebuilt an object
	rm -f "$work/libnfsctl_prog.a"
	# shellcheck disable=SC2046 # object names have no blanks
	ar rcs "$work/libnfsctl_prog.a" $(find "$b/shim" -name '*.o' ! -name main.o | sort)
}

for target in "$@"; do
	out=$work/fuzz_$target
	# shellcheck disable=SC2086 # word lists
	case $target in
	plan)
		program_archive
		$nice "$cc" $flags -fsanitize=fuzzer -D_GNU_SOURCE -Wall -Wextra -Werror $inc $tirpc \
			-o "$out" "$top/fuzz/fuzz_plan.c" "$top/fuzz/fuzz_root.c" "$work/libnfsctl_prog.a" $dl_libs
		;;
	cmdline)
		program_archive
		# main() renamed, and what it calls after parsing replaced by
		# the stubs (the STUB lines of cmdline_stubs.c name them)
		renames="-Dmain=nfs_ctl_main"
		stubs=$(sed -n 's/^\(\/\* \)\{0,1\}STUB\(_ACTION\)\{0,1\}(\([a-z_]*\)).*/\3/p' \
			"$top/fuzz/cmdline_stubs.c")
		for name in $stubs; do
			# a name no longer in nfs-ctl: the list is out of date,
			# and the real command would run
			if ! nm -g --defined-only "$work/libnfsctl_prog.a" 2>/dev/null |
				grep -q " T $name\$"; then
				echo "fuzz: $name is not in nfs-ctl any more: update fuzz/cmdline_stubs.c" >&2
				exit 1
			fi
			renames="$renames -D$name=fuzz_$name"
		done
		main_c=$(find "$top/shim" -name main.c)
		$nice "$cc" $flags -fsanitize=fuzzer-no-link -D_GNU_SOURCE $inc $tirpc $renames \
			-c -o "$work/main_renamed.o" "$main_c"
		$nice "$cc" $flags -fsanitize=fuzzer -D_GNU_SOURCE -Wall -Wextra -Werror $inc $tirpc \
			-o "$out" "$top/fuzz/fuzz_cmdline.c" "$top/fuzz/cmdline_stubs.c" \
			"$work/main_renamed.o" "$work/libnfsctl_prog.a" $dl_libs
		# a command main() reaches that no stub stands for would pull
		# in the plans, and with them what starts daemons
		if nm "$out" | grep -q ' T plan_build$'; then
			echo "fuzz: fuzz_cmdline links plan_build: main.c calls a command that cmdline_stubs.c lacks" >&2
			exit 1
		fi
		;;
	*)
		$nice "$cc" $flags -fsanitize=fuzzer -D_GNU_SOURCE -Wall -Wextra -Werror $inc \
			-o "$out" "$top/fuzz/fuzz_$target.c" "$top/fuzz/fuzz_root.c" "$top/fuzz/log_stub.c" \
			"$b/libnfsctl_conf.a"
		;;
	esac
done
