#!/usr/bin/env bats
# The failover lab's frame hub (tests/vm/hub.c), on the host: it repeats a
# member's datagram to every other member, unchanged, and to nobody else.

load helpers

setup() {
	HUB=$BATS_TEST_TMPDIR/hub
	"${CC:-cc}" -O2 -Wall -Wextra -Werror -o "$HUB" "$TOP_SRCDIR/tests/vm/hub.c"
}

# hub_exchange: three members and a stranger on 127.0.0.1, a hub between
# the members; prints what each socket received after the sends.
hub_exchange() {
	python3 - "$HUB" <<'PY'
import socket, subprocess, sys, time
def sock():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    s.settimeout(0.5)
    return s
members = [sock() for _ in range(3)]
stranger = sock()
probe = sock()
hub_port = probe.getsockname()[1]
probe.close()
ports = [str(s.getsockname()[1]) for s in members]
hub = subprocess.Popen([sys.argv[1], str(hub_port)] + ports)
time.sleep(0.3)
def received(s):
    got = []
    while True:
        try:
            got.append(s.recv(65536))
        except socket.timeout:
            return got
members[0].sendto(b"frame-from-0", ("127.0.0.1", hub_port))
stranger.sendto(b"frame-from-stranger", ("127.0.0.1", hub_port))
for name, s in [("m0", members[0]), ("m1", members[1]), ("m2", members[2]), ("stranger", stranger)]:
    print(name, [g.decode() for g in received(s)])
hub.terminate()
print("hub exit", hub.wait())
PY
}

@test "hub: a member's frame reaches every other member, unchanged; not the sender, not a stranger" {
	run hub_exchange
	assert_success
	assert_line "m0 []"
	assert_line "m1 ['frame-from-0']"
	assert_line "m2 ['frame-from-0']"
	assert_line "stranger []"
	assert_line "hub exit 0"
}

@test "hub: usage errors exit 64 and name the bad port" {
	run "$HUB" 4000 4001
	[ "$status" -eq 64 ]
	assert_output --partial "usage: hub PORT MEMBER_PORT"
	run "$HUB" 4000 4001 70000
	[ "$status" -eq 64 ]
	assert_output "hub: 70000: not a port number"
}
