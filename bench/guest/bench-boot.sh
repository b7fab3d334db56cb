#!/bin/sh
# Benchmark 5: boot -> nfsd serving under systemd, with the stack this boot
# was switched to before init ran (lab.mode: Debian's units or nfs-ctl's,
# each enabled at boot as its package enables it).  One sample per boot;
# bench/lab.sh boots each mode BENCH_BOOTS times, the two modes side by side.
#   serving-since-kernel  when nfs-server.service became active (both stacks
#                         have it: Debian's runs rpc.nfsd, nfs-ctl's follows
#                         nfs-server.target), on the monotonic clock
#   serving-since-init    the same, from systemd's own start (no kernel and
#                         initramfs time, which both stacks share)
[ -n "${BASH_VERSION:-}" ] || exec bash "$0" "$@"
# shellcheck source=bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"
[ "$INIT" = systemd ] || exit 0
round=$(sed -n 's/.*bench\.round=\([0-9]*\).*/\1/p' /proc/cmdline)
active=$(systemctl show -p ActiveEnterTimestampMonotonic --value nfs-server.service)
init0=$(systemctl show -p UserspaceTimestampMonotonic --value)
ok=0
serving && [ "${active:-0}" -gt 0 ] && ok=1
record boot "$MODE" "${round:-1}" serving-since-kernel "${active:-0}" $ok
record boot "$MODE" "${round:-1}" serving-since-init $((${active:-0} - init0)) $ok
systemd-analyze critical-chain nfs-server.service >"$SDIR/critical-chain.txt" 2>&1
{ echo "boot $MODE round ${round:-1} (ms from systemd's start):"; units_timeline "$init0"; } >"$SDIR/timeline.log"
