#!/bin/bash
# The install test's Debian 12 part (tests/install/run.sh starts it as
# the first process of pid, mount and network namespaces of its own: what
# it mounts and starts goes when it ends, and nft meets only the
# namespace's ruleset).
#
#   deb12.sh LOWER WORK PKGDIR DEBS
#
# On an overlay over LOWER (tools/deb12's root, never written) with its
# upper layer in WORK: Debian's packages DEBS (nftables, libnftables1,
# libnftables-dev, python3-nftables, firewalld, ...) from apt's cache; ours (PKGDIR/*.deb)
# over them with apt; nftables.conf, the Python module, firewalld; then
# Debian's versions back with apt and the same checks on them. apt works
# from the root's cache and the given files alone (no network in here).
# Prints one "ok:"/"FAIL:" line per check.
set -u
lower=$1
work=$2
pkgdir=$3
debpkgs=$4
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/lib.sh"
trap 'exit 130' INT TERM

R=$work/root
mkdir -p "$work/upper" "$work/wd" "$R"
mount -t overlay overlay \
	-o "lowerdir=$lower,upperdir=$work/upper,workdir=$work/wd" "$R" ||
	{ check 1 "overlay over the Debian 12 root"; exit 1; }
mount -t proc proc "$R/proc" && mount -t sysfs sysfs "$R/sys" &&
	mount --rbind /dev "$R/dev" && mount -t tmpfs tmpfs "$R/run" &&
	mount -t tmpfs tmpfs "$R/tmp" ||
	{ check 1 "mounts in the Debian 12 root"; exit 1; }
ip link set lo up 2>/dev/null

# ours: every package but the debug symbols, and their version
mkdir "$R/tmp/ours"
for deb in "$pkgdir"/*.deb; do
	case $deb in *-dbgsym_*) continue ;; esac
	cp "$deb" "$R/tmp/ours/"
done
ourdebs=$(cd "$R" && ls tmp/ours/*.deb | sed 's|^|/|')
ourver=$(dpkg-deb -f "$(ls "$R"/tmp/ours/nftables_*.deb)" Version)
ourpkgs=$(for d in $ourdebs; do dpkg-deb -f "$R$d" Package; done | xargs)
# our module's file, to tell it from Debian's
mkdir "$work/ours"
dpkg-deb -x "$(ls "$R"/tmp/ours/python3-nftables_*.deb)" "$work/ours"
ourmod=$work/ours/usr/lib/python3/dist-packages/nftables/nftables.py

in_root()
{
	chroot "$R" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LC_ALL=C.UTF-8 \
		DEBIAN_FRONTEND=noninteractive HOME=/root "$@"
}

# apt-get ARGS: logged; its file conflicts and broken dependencies show
apt_logged()
{
	local log=$work/apt.log rc
	in_root apt-get -y --no-install-recommends "$@" > "$log" 2>&1 </dev/null
	rc=$?
	cat "$log" >> "$work/apt-all.log"
	if [ $rc != 0 ] || grep -q -e 'trying to overwrite' -e '^E:' "$log"; then
		grep -e 'trying to overwrite' -e '^E:' -e 'dpkg: error' \
			-e 'Broken' -e 'but it is not' "$log" | head -n 20
		[ $rc != 0 ] || rc=1
	fi
	return $rc
}

# audit WHEN: dpkg and apt find nothing half-installed or broken
audit()
{
	local out
	out=$(in_root dpkg --audit 2>&1; in_root apt-get check 2>&1 |
		grep -v -e '^Reading' -e '^Building' -e '^Calculating'
		in_root dpkg --verify $ourpkgs 2>&1)
	[ -z "$out" ] || echo "$out"
	check "$([ -z "$out" ]; echo $?)" "$1: dpkg --audit, apt-get check and dpkg --verify are clean"
}

# versions_are VERSION WHEN: the four packages are at VERSION
versions_are()
{
	local p v bad=
	for p in $ourpkgs; do
		v=$(in_root dpkg-query -W -f='${Version}' "$p" 2>/dev/null)
		[ "$v" = "$1" ] || bad="$bad $p=$v"
	done
	[ -z "$bad" ] || echo "not at $1:$bad"
	check "$([ -z "$bad" ]; echo $?)" "$2: $ourpkgs at $1"
}

# nft_version_is UPSTREAM WHEN
nft_version_is()
{
	local v
	v=$(in_root nft --version 2>&1)
	echo "$v" | grep -q "^nftables v$1 " || echo "nft --version: $v"
	echo "$v" | grep -q "^nftables v$1 "
	check $? "$2: nft --version is $1 ($v)"
}

# module_is our|Debian's WHEN: the module python3 imports is the
# package's file, unchanged, and ours or not
module_is()
{
	local f rc same
	f=$(in_root python3 -c 'import nftables.nftables as m; print(m.__file__)' 2>&1)
	rc=$?
	if [ $rc = 0 ]; then
		[ "$f" = /usr/lib/python3/dist-packages/nftables/nftables.py ] &&
			in_root dpkg -S "$f" 2>/dev/null | grep -q '^python3-nftables:' &&
			in_root dpkg --verify python3-nftables >/dev/null 2>&1 ||
			rc=1
	fi
	if [ $rc = 0 ]; then
		cmp -s "$R$f" "$ourmod"
		same=$?
		if [ "$1" = our ]; then
			rc=$same
		else
			[ $same != 0 ]
			rc=$?
		fi
	fi
	[ $rc = 0 ] || echo "module: $f"
	check $rc "$2: python3 imports $1 module ($f, python3-nftables's file)"
}

# The JSON round trip: a table, a chain and a rule added with json_cmd,
# listed with json_cmd: what was added comes back as it went in.
json_round_trip()
{
	in_root python3 - <<'EOF'
import nftables, sys
nft = nftables.Nftables()
t = {"family": "inet", "name": "rt"}
c = {"family": "inet", "table": "rt", "name": "c", "type": "filter",
     "hook": "input", "prio": 0, "policy": "accept"}
r = {"family": "inet", "table": "rt", "chain": "c",
     "expr": [{"match": {"op": "==",
                         "left": {"payload": {"protocol": "tcp",
                                              "field": "dport"}},
                         "right": 4711}},
              {"counter": {"packets": 0, "bytes": 0}},
              {"accept": None}]}
add = {"nftables": [{"add": {"table": t}}, {"add": {"chain": c}},
                    {"add": {"rule": r}}]}
rc, out, err = nft.json_cmd(add)
if rc != 0:
    sys.exit("add: rc %d: %s" % (rc, err))
rc, out, err = nft.json_cmd({"nftables": [{"list": {"table": t}}]})
if rc != 0:
    sys.exit("list: rc %d: %s" % (rc, err))
got = {}
for o in out["nftables"]:
    for k, v in o.items():
        got.setdefault(k, []).append(v)
def sub(want, have):
    return all(have.get(k) == v for k, v in want.items())
ok = (len(got.get("table", [])) == 1 and sub(t, got["table"][0])
      and len(got.get("chain", [])) == 1 and sub(c, got["chain"][0])
      and len(got.get("rule", [])) == 1 and sub(r, got["rule"][0]))
if not ok:
    sys.exit("listed: %s" % out)
rc, out, err = nft.json_cmd({"nftables": [{"delete": {"table": t}}]})
if rc != 0:
    sys.exit("delete: rc %d: %s" % (rc, err))
# the distribution's metadata, which pip and importlib.metadata read
import importlib.metadata
v = importlib.metadata.version("nftables")
sys.exit(0 if v == "0.1" else "importlib.metadata: version %s" % v)
EOF
	check $? "$1: a JSON round trip through python3's module (json_cmd add, list), its metadata"
}

# firewalld headless on a private system bus: it starts, a zone gets a
# port, the port's rule is in the ruleset, it stops
firewalld_zone()
{
	local i state rc=0 fwpid buspid
	in_root nft flush ruleset
	mkdir -p "$R/run/dbus"
	buspid=$(in_root dbus-daemon --system --fork --nopidfile --print-pid 2>&1)
	if ! [ "$buspid" -gt 0 ] 2>/dev/null; then
		echo "dbus-daemon: $buspid"
		check 1 "$1: a system dbus for firewalld"
		return
	fi
	in_root firewalld --nofork --nopid > "$work/firewalld.out" 2>&1 &
	fwpid=$!
	for i in $(seq 1 120); do
		state=$(in_root firewall-cmd --state 2>&1)
		[ "$state" = running ] && break
		kill -0 $fwpid 2>/dev/null || break
		sleep 0.5
	done
	if [ "$state" != running ]; then
		echo "firewall-cmd --state: $state"
		tail -n 20 "$work/firewalld.out" "$R/var/log/firewalld" 2>/dev/null
		rc=1
	fi
	check $rc "$1: firewalld starts (firewall-cmd --state: $state)"
	if [ $rc = 0 ]; then
		in_root firewall-cmd --zone=public --add-port=4711/tcp >/dev/null &&
		in_root nft list ruleset | grep -q 'tcp dport 4711 .*accept'
		rc=$?
		[ $rc = 0 ] || { in_root nft list ruleset | head -n 40
			tail -n 20 "$R/var/log/firewalld" 2>/dev/null; }
		check $rc "$1: firewall-cmd --zone=public --add-port=4711/tcp is a rule in the ruleset"
	fi
	kill $fwpid 2>/dev/null
	for i in $(seq 1 40); do
		kill -0 $fwpid 2>/dev/null || break
		sleep 0.25
	done
	kill -0 $fwpid 2>/dev/null && { kill -9 $fwpid; check 1 "$1: firewalld stops"; }
	wait $fwpid 2>/dev/null
	kill "$buspid"
	[ $rc = 0 ] && if grep -q -e ERROR -e Traceback "$R/var/log/firewalld" 2>/dev/null; then
		grep -e ERROR -e Traceback "$R/var/log/firewalld" | head -n 10
		check 1 "$1: firewalld logs no error"
	fi
	rm -f "$R/var/log/firewalld"
}

debs=$(in_root sh -c 'echo $(ls /var/cache/apt/archives/*.deb | wc -l)')
apt_logged install $debpkgs
check $? "Debian's nftables, python3-nftables, firewalld install from apt's cache ($debs .deb files)"
debver=$(in_root dpkg-query -W -f='${Version}' nftables)
debup=${debver%%-*}
versions_are "$debver" "Debian's"
nft_version_is "$debup" "Debian's"

# Debian's files, but their documentation, the library's file name (its
# libtool version; the soname link is there) and the module's setuptools
# metadata (ours is installed as plain files)
for p in $ourpkgs; do in_root dpkg -L "$p"; done |
	grep -v -e '^/usr/share/doc/' -e '/libnftables\.so\.1\.' -e '\.egg-info' |
	while read -r f; do
		[ -f "$R$f" ] || [ -L "$R$f" ] && echo "$f"
	done > "$work/debian-files"

apt_logged install $ourdebs
check $? "ours install over Debian's with apt ($ourpkgs $ourver)"
audit "ours"
missing=$(while read -r f; do
		[ -e "$R$f" ] || [ -L "$R$f" ] || echo "$f"
	done < "$work/debian-files" | xargs)
[ -z "$missing" ] || echo "ours lack: $missing"
check "$([ -z "$missing" ]; echo $?)" "ours: every file of Debian's is there ($(wc -l < "$work/debian-files") files)"
versions_are "$ourver" "ours"
nft_version_is "${ourver%%-*}" "ours"

in_root nft -f /etc/nftables.conf &&
	in_root nft list ruleset > "$work/listed" &&
	grep -q '^table inet filter {' "$work/listed" &&
	grep -q 'chain input {' "$work/listed" &&
	grep -q 'type filter hook input priority filter; policy accept;' "$work/listed"
rc=$?
[ $rc = 0 ] || cat "$work/listed"
check $rc "ours: nft -f /etc/nftables.conf loads, nft list ruleset shows it"
in_root nft flush ruleset

module_is our "ours"
json_round_trip "ours"
firewalld_zone "ours"

apt_logged install --allow-downgrades $(for p in $ourpkgs; do echo "$p=$debver"; done)
check $? "Debian's come back over ours with apt (--allow-downgrades to $debver)"
audit "Debian's again"
versions_are "$debver" "Debian's again"
nft_version_is "$debup" "Debian's again"
module_is "Debian's" "Debian's again"
json_round_trip "Debian's again"
firewalld_zone "Debian's again"
exit 0
