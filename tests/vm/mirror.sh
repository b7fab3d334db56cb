#!/bin/sh
# Print the Debian mirror URI the host's own apt uses (first "debian" archive,
# not the security one). The lab never hard-codes a registry host: it reads the
# machine's configuration at run time, deb822 first, then one-line sources.
set -eu
uris=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
	sed -n 's/^URIs:[[:space:]]*//p' | tr ' ' '\n')
lines=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
	sed -n 's/^deb[[:space:]]\{1,\}\(\[[^]]*\][[:space:]]\{1,\}\)\{0,1\}\([^[:space:]]*\).*/\2/p')
for u in $uris $lines; do
	case $u in
	*security*) ;;
	http://* | https://* | file:/*) echo "${u%/}"; exit 0 ;;
	esac
done
echo "mirror.sh: no Debian mirror found in /etc/apt sources" >&2
exit 1
