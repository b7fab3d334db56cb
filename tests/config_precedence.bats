#!/usr/bin/env bats
# Precedence: built-in defaults < distribution file(s) < nfs.conf family
# < --set; a distribution file only fills what nfs.conf leaves unset.  And the argv rule: only distribution and --set values become
# daemon options; nfs.conf values are read by the daemons themselves.

load helpers
bats_require_minimum_version 1.5.0

setup() { make_config_sandbox; }
teardown() { destroy_sandbox; }

value() {
	"$NFS_CTL" --root "$ROOT" "$@" 2>/dev/null
}

@test "default: nfsd.threads is 8 (built in) and makes no argv" {
	run value --distro=none config --get nfsd.threads
	assert_output 8
	run value --distro=none config --argv nfsd
	assert_output ""
}

# defaults RELEASE: "THREADS VERS4.0" as config reports them, and its
# nfs-utils line (nfsdctl installed with RELEASE's version text; "-" none,
# "" a program that prints none)
defaults() {
	rm -f "$ROOT/usr/sbin/nfsdctl"
	[ "$1" = - ] || install_nfsdctl "$1"
	echo "$(value --distro=none config --get nfsd.threads) $(value --distro=none config --get nfsd.vers4.0)"
	value --distro=none config | grep '^# nfs-utils: '
}

@test "default: nfsd.threads and vers4.0 are the installed nfs-utils' own, read from nfsdctl's version text; config names the release" {
	mkdir -p "$ROOT/usr/sbin"
	run defaults -
	assert_output "8 y
# nfs-utils: before 2.8.1, or built without nfsdctl (not installed)"
	run defaults ""
	assert_output "16 y
# nfs-utils: 2.8.1 or 2.8.2 ($ROOT/usr/sbin/nfsdctl reports no release)"
	run defaults 2.8.3
	assert_output "16 y
# nfs-utils: 2.8.3 ($ROOT/usr/sbin/nfsdctl)"
	run defaults 2.8.7
	assert_output --partial "16 y"
	run defaults 2.9.1
	assert_output --partial "16 n"
	run defaults 3.1.1
	assert_output "16 n
# nfs-utils: 3.1.1 ($ROOT/usr/sbin/nfsdctl)"
	# the program's own default is never passed as an option
	run value --distro=none config --argv nfsd
	assert_output ""
	put etc/nfs.conf '[nfsd]\nvers4.0 = y\n'
	run value --distro=none config --get nfsd.vers4.0
	assert_output y
}

@test "nfs.conf beats the default, and still makes no argv" {
	put etc/nfs.conf '[nfsd]\nthreads = 16\n[mountd]\nport = 20048\nmanage-gids = y\n'
	run value --distro=none config --get nfsd.threads
	assert_output 16
	run value --distro=none config --argv nfsd
	assert_output ""
	run value --distro=none config --argv mountd
	assert_output ""
}

@test "nfs.conf family order: /usr/etc/nfs.conf < /usr/etc/nfs.conf.d < /etc/nfs.conf < /etc/nfs.conf.d" {
	put usr/etc/nfs.conf '[nfsd]\nthreads = 1\nport = 1\nhost = a\nlease-time = 1\n'
	put usr/etc/nfs.conf.d/x.conf '[nfsd]\nthreads = 2\nport = 2\nhost = b\n'
	put etc/nfs.conf '[nfsd]\nthreads = 3\nport = 3\n'
	put etc/nfs.conf.d/x.conf '[nfsd]\nthreads = 4\n'
	run value --distro=none config --get nfsd.threads
	assert_output 4
	run value --distro=none config --get nfsd.port
	assert_output 3
	run value --distro=none config --get nfsd.host
	assert_output b
	run value --distro=none config --get nfsd.lease-time
	assert_output 1
}

@test "later assignment in one file wins; sections and keys are case-insensitive" {
	put etc/nfs.conf '[NFSD]\nThreads = 5\n[nfsd]\nTHREADS = 6\n'
	run value --distro=none config --get nfsd.threads
	assert_output 6
}

@test "an empty nfs.conf value is ignored (does not clear an earlier one)" {
	put etc/nfs.conf '[nfsd]\nthreads = 5\nthreads =\nthreads = ""\n'
	run value --distro=none config --get nfsd.threads
	assert_output 5
}

@test "nfs.conf beats the distribution file; the conflict names both file:line, in config and at start" {
	put etc/nfs.conf '[nfsd]\nthreads = 16\n[mountd]\nport = 1\n'
	put etc/default/nfs-kernel-server 'RPCNFSDCOUNT=32\nRPCMOUNTDOPTS="--manage-gids"\n'
	run value --distro=debian config --get nfsd.threads
	assert_output 16
	# rpc.nfsd reads nfs.conf itself: no option repeats it
	run value --distro=debian config --argv nfsd
	assert_output ""
	run "$NFS_CTL" --root "$ROOT" --distro=debian config
	assert_line "nfsd.threads = 16	# nfs.conf $ROOT/etc/nfs.conf:2"
	assert_output --partial "warning: $ROOT/etc/default/nfs-kernel-server:1: RPCNFSDCOUNT=32 ignored: $ROOT/etc/nfs.conf:2 sets [nfsd] threads = 16, and nfs.conf wins"
	# at start, under either init, the same warning
	run "$NFS_CTL" --root "$ROOT" --distro=debian --init=systemd start server
	assert_output --partial "RPCNFSDCOUNT=32 ignored: $ROOT/etc/nfs.conf:2 sets [nfsd] threads = 16"
	run "$NFS_CTL" --root "$ROOT" --distro=debian --init=sysv start server
	assert_output --partial "RPCNFSDCOUNT=32 ignored: $ROOT/etc/nfs.conf:2 sets [nfsd] threads = 16"
	run "$NFS_CTL" --root "$ROOT" --distro=debian exec nfsd
	assert_output --partial "RPCNFSDCOUNT=32 ignored"
}

@test "the distribution file fills what nfs.conf leaves unset, and becomes argv; no conflict, no warning" {
	put etc/nfs.conf '[mountd]\nmanage-gids = y\n'
	put etc/default/nfs-kernel-server 'RPCNFSDCOUNT=32\n'
	run value --distro=debian config --get nfsd.threads
	assert_output 32
	run value --distro=debian config --argv nfsd
	assert_output 32
	run "$NFS_CTL" --root "$ROOT" --distro=debian config
	assert_line "nfsd.threads = 32	# distribution $ROOT/etc/default/nfs-kernel-server:1"
	refute_output --partial "ignored"
}

@test "the same value in nfs.conf and the distribution file is no conflict" {
	put etc/nfs.conf '[nfsd]\nthreads = 8\n'
	put etc/default/nfs-kernel-server 'RPCNFSDCOUNT=8\n'
	run "$NFS_CTL" --root "$ROOT" --distro=debian config
	assert_line "nfsd.threads = 8	# nfs.conf $ROOT/etc/nfs.conf:2"
	refute_output --partial "ignored"
}

@test "--set beats the distribution file and becomes argv" {
	put etc/default/nfs-kernel-server 'RPCNFSDCOUNT=32\n'
	run value --distro=debian --set nfsd.threads=64 config --argv nfsd
	assert_output 64
	run value --distro=debian --set nfsd.threads=64 config
	assert_line --partial "nfsd.threads = 64	# command line"
}

@test "--set options come after free-form options, so getopt's last-wins honours precedence" {
	put etc/sysconfig/nfs 'RPCMOUNTDOPTS="-p 2 --manage-gids"\n'
	run value --distro=redhat --set mountd.port=1 config --argv mountd
	assert_output "$(printf -- '-p\n2\n--manage-gids\n-p\n1')"
}

@test "rpc.nfsd's thread count comes last, after every option" {
	put etc/sysconfig/nfs 'RPCNFSDCOUNT=12\nRPCNFSDARGS="-H 192.0.2.1"\nNFSD_V4_GRACE=30\n'
	run value --distro=redhat --set nfsd.vers3=n config --argv nfsd
	assert_output "$(printf -- '-H\n192.0.2.1\n-G\n30\n-N\n3\n12')"
}

@test "--set maps nfs.conf keys onto every daemon's options" {
	run value --distro=none --set statd.port=662 --set statd.outgoing-port=2020 \
		--set statd.name=nfs1 --set lockd.port=32803 config --argv statd
	assert_output "$(printf -- '-p\n662\n-o\n2020\n-n\nnfs1\n--nlm-port\n32803')"
	run value --distro=none --set sm-notify.retry-time=10 --set sm-notify.force=y config --argv sm-notify
	assert_output "$(printf -- '-f\n-m\n10')"
	run value --distro=none --set gssd.verbosity=2 --set gssd.avoid-dns=n \
		--set general.pipefs-directory=/run/rpc_pipefs config --argv gssd
	assert_output "$(printf -- '-p\n/run/rpc_pipefs\n-v\n-v\n-D')"
	run value --distro=none --set mountd.threads=4 --set mountd.manage-gids=yes \
		--set nfsd.vers3=n config --argv mountd
	assert_output "$(printf -- '-t\n4\n-g\n-N\n3')"
	run value --distro=none --set svcgssd.principal=nfs/h@R config --argv svcgssd
	assert_output "$(printf -- '-p\nnfs/h@R')"
	run value --distro=none --set nfsd.rdma=y --set nfsd.udp=n config --argv nfsd
	assert_output "$(printf -- '-U\n--rdma=nfsrdma')"
	run value --distro=none --set nfsd.host=192.0.2.1,192.0.2.2 --set nfsd.vers2=n config --argv nfsd
	assert_output "$(printf -- '-H\n192.0.2.1\n-H\n192.0.2.2')"
	run value --distro=none --set mountd.ttl=600 --set mountd.debug=auth,call config --argv mountd
	assert_output "$(printf -- '-d\nauth\n-d\ncall\n-T\n600')"
}

@test "rdma: nfs.conf's rdma=y with --set rdma-port passes both as --rdma=PORT" {
	put etc/nfs.conf '[nfsd]\nrdma = y\n'
	run value --distro=none config --argv nfsd
	assert_output ""
	run value --distro=none --set nfsd.rdma-port=20050 config --argv nfsd
	assert_output -- "--rdma=20050"
	run value --distro=none --set nfsd.rdma=20051 config --argv nfsd
	assert_output -- "--rdma=20051"
}

@test "a distribution file's empty assignment means no opinion" {
	put etc/nfs.conf '[nfsd]\nthreads = 16\n'
	put etc/default/nfs-kernel-server 'RPCNFSDCOUNT=""\n'
	run value --distro=debian config --get nfsd.threads
	assert_output 16
	run value --distro=debian config --argv nfsd
	assert_output ""
}

@test "[args] are nfs-ctl's own: passed on from nfs.conf too (no daemon reads them)" {
	put etc/nfs.conf '[args]\nmountd = --manage-gids -p 1\nnfsd = -N 3\n[mountd]\nport = 2\n'
	run value --distro=none config --check
	assert_success
	run value --distro=none config --argv mountd
	assert_output "$(printf -- '--manage-gids\n-p\n1')"
	run "$NFS_CTL" --root "$ROOT" --distro=none config --wants server
	assert_line --regexp "^statd +no	NFSv2/v3 disabled in $ROOT/etc/nfs.conf:3"
}
