#!/usr/bin/env bats
# The release: every place that names nfs-ctl's version names the same one
# (configure.ac through the build's Makefile, the Debian changelog, the RPM
# spec, the man pages), and NEWS has an entry for it.

load helpers

version() { sed -n 's/^VERSION = //p' "$TOP_BUILDDIR/Makefile"; }

@test "release: the Debian changelog, the RPM spec and the man pages name configure's version" {
	local v
	v=$(version)
	[ -n "$v" ]
	run sed -n '1s/^nfs-ctl (\([^-)]*\)-[0-9]*).*/\1/p' "$TOP_SRCDIR/contrib/debian/changelog"
	assert_output "$v"
	run sed -n 's/^Version:[[:space:]]*//p' "$TOP_SRCDIR/contrib/rpm/nfs-ctl.spec"
	assert_output "$v"
	run grep -c "^\\* .* - $v-[0-9]*\$" "$TOP_SRCDIR/contrib/rpm/nfs-ctl.spec"
	assert_output 1
	for m in nfs-ctl.8 start-statd.8; do
		run grep -c "^\\.TH .* \"nfs-ctl $v\" " "$TOP_SRCDIR/man/$m"
		assert_output 1
	done
}

@test "release: NEWS has an entry for this version, and both packages ship NEWS" {
	run grep -c "^$(version) ([0-9-]*)\$" "$TOP_SRCDIR/NEWS"
	assert_output 1
	run grep -x NEWS "$TOP_SRCDIR/contrib/debian/nfs-ctl.docs"
	assert_success
	run grep -E '^%doc .* NEWS( |$)' "$TOP_SRCDIR/contrib/rpm/nfs-ctl.spec"
	assert_success
}
