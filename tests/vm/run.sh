#!/bin/bash
# Boot Debian's own kernel under qemu with our nft inside and run
# tests/vm/cases/*.sh there: what the host kernel cannot show (it accepts
# hooks on devices that do not exist, has every newer feature we use, and
# lacks nft_queue).
#
# The guest is an initramfs made here: busybox, bash, iproute2, our nft
# with the libraries ldd names, the reference (upstream 1.1.3 from
# tools/ref's root, as $REFNFT: what the cases compare with), Debian 12's
# nft (as $SYSNFT), and the kernel modules nf_tables, veth, 8021q and
# the queue statement need (the host kernel has no nft_queue). Its init
# runs each case and prints "VM: N passed, N failed"; this script exits
# with that verdict (77 = skipped: no qemu or Debian kernel; an error
# instead as root or in CI, see skip()).
#
#   tests/vm/run.sh                       every case (what make check runs)
#   tests/vm/run.sh --run SCRIPT [ARG...] the same guest runs SCRIPT ARG...
#                                         with bash instead, once, in its
#                                         initial network namespace; its
#                                         output streams here as it comes
#                                         and its exit status is ours
#                                         (bench/egress-pktgen uses this)
#
# Environment: NFT (our nft; a libtool wrapper is resolved to its binary),
# SYSNFT_BIN (default /usr/sbin/nft; cases that need it fail without it),
# SRCDIR, VM_KERNEL (default: the newest /boot/vmlinuz-*), VM_KERNEL_ROOT (a
# directory with boot/vmlinuz-KVER and lib/modules/KVER, as tools/vm-kernel
# unpacks one; instead of VM_KERNEL and the host's modules), VM_CASES (the
# directory of cases, default tests/vm/cases), VM_TIMEOUT, VM_KVM,
# VM_MODULES (more modules to load at boot, with their dependencies),
# VM_PROGRAMS (more host programs to copy in, with their libraries) and
# VM_QEMU_ARGS (more qemu options).
set -u

script=
if [ "${1:-}" = --run ]; then
	[ $# -ge 2 ] && [ -r "$2" ] || { echo "vm: --run needs a script"; exit 1; }
	script=$2
	shift 2
fi

SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
NFT=${NFT:-$SRCDIR/src/nft}
TIMEOUT=${VM_TIMEOUT:-300}

# The guest runs under software emulation, so every machine that has the
# packages (tools/deps) can run it: as root or in CI (CI set) a skip is an
# error, unless NFT_TEST_ALLOW_SKIP=1.
skip()
{
	if { [ "$(id -u)" = 0 ] || [ -n "${CI:-}" ]; } &&
	   [ "${NFT_TEST_ALLOW_SKIP:-}" != 1 ]; then
		echo "vm: cannot run: $* (a skip as root or in CI is an error;" \
			"NFT_TEST_ALLOW_SKIP=1 allows it)"
		echo "0 passed, 1 failed"
		exit 1
	fi
	echo "vm: skipped: $*"
	exit 77
}

[ "$(id -u)" = 0 ] || skip "needs root"
command -v qemu-system-x86_64 >/dev/null || skip "no qemu-system-x86_64"
command -v cpio >/dev/null || skip "no cpio"
BUSYBOX=$(command -v busybox) || skip "no busybox"
KROOT=${VM_KERNEL_ROOT:-}
if [ -n "$KROOT" ]; then
	KERNEL=$(ls "$KROOT"/boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1)
else
	KERNEL=${VM_KERNEL:-$(ls /boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1)}
fi
[ -r "$KERNEL" ] || skip "no kernel in ${KROOT:-}/boot (apt-get install linux-image-amd64)"
KVER=${KERNEL##*/vmlinuz-}
[ -d "${KROOT:-}/lib/modules/$KVER" ] || skip "no modules for $KVER"
# modprobe looks in ROOT/lib/modules
MODPROBE="modprobe ${KROOT:+-d $KROOT} -S $KVER"
CASES=${VM_CASES:-$SRCDIR/tests/vm/cases}

# A libtool build's src/nft is a shell wrapper; the guest gets the binary.
bin=$NFT
libpath=
if [ -x "$(dirname "$NFT")/.libs/nft" ] && head -c 2 "$NFT" | grep -q '#!'; then
	bin=$(dirname "$NFT")/.libs/nft
	libpath=$(cd "$(dirname "$bin")" && pwd)
fi
[ -x "$bin" ] || skip "no nft binary at $NFT"

root=$(mktemp -d)
trap 'rm -rf "$root"' EXIT
mkdir -p "$root"/{bin,proc,sys,dev,tmp,run,etc,var,cases,job}
ln -s ../run "$root/var/run"
# protocol names, which 1.1.3 and Debian 12's nft print from it
[ -r /etc/protocols ] && cp /etc/protocols "$root/etc/"

# Copy an executable (as /bin/NAME, default its own name) and every
# library it loads (keeping their paths), resolved with LIBPATH (default
# $libpath, where a libtool build keeps our libnftables).
copy_bin()
{
	local exe=$1 name=${2:-$(basename "$1")} lp=${3-$libpath} lib

	cp -L "$exe" "$root/bin/$name" || return 1
	for lib in $(LD_LIBRARY_PATH=$lp ldd "$exe" |
		     awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'); do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
}

cp "$BUSYBOX" "$root/bin/busybox"
copy_bin "$bin" || exit 1
copy_bin "$(command -v bash)" || exit 1
copy_bin "$(command -v ip)" || exit 1
for prog in ${VM_PROGRAMS:-}; do
	path=$(command -v "$prog") || skip "no $prog on this machine"
	copy_bin "$path" || exit 1
done
if [ -n "$libpath" ]; then
	lib=$(LD_LIBRARY_PATH=$libpath ldd "$bin" | awk '/libnftables/ { print $3 }')
	mkdir -p "$root/lib" && cp -L "$lib" "$root/lib/libnftables.so.1"
fi

# The system nft, whose libnftables.so.1 sits in the multiarch directory.
# The guest's LD_LIBRARY_PATH=/lib would hand it ours, so it runs through
# a wrapper that clears it; cases check that it got its own library.
SYSNFT_BIN=${SYSNFT_BIN:-/usr/sbin/nft}
if [ -x "$SYSNFT_BIN" ]; then
	copy_bin "$SYSNFT_BIN" nft-system.bin "" || exit 1
	cat > "$root/bin/nft-system" <<'WRAP'
#!/bin/sh
unset LD_LIBRARY_PATH ASAN_OPTIONS
exec /bin/nft-system.bin "$@"
WRAP
	chmod +x "$root/bin/nft-system"
fi

# The reference, upstream nft 1.1.3 from tools/ref's Debian 13 root: its
# binary with the libraries it loads there, run by that root's own
# loader (the guest's libc is the host's); cases get it as $REFNFT.
REF_ROOT=${REF_ROOT:-$SRCDIR/build/ref/root}
if [ -f "$REF_ROOT/.ref-complete" ]; then
	mkdir -p "$root/ref/lib"
	cp -L "$REF_ROOT/usr/sbin/nft" "$root/ref/nft" || exit 1
	for lib in $(chroot "$REF_ROOT" ldd /usr/sbin/nft |
		     awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'); do
		cp -L "$REF_ROOT$lib" "$root/ref/lib/" || exit 1
	done
	cat > "$root/bin/nft-ref" <<'WRAP'
#!/bin/sh
unset LD_LIBRARY_PATH ASAN_OPTIONS
exec /ref/lib/ld-linux-x86-64.so.2 --library-path /ref/lib /ref/nft "$@"
WRAP
	chmod +x "$root/bin/nft-ref"
fi

# Modules in load order, dependencies first, each once; what VM_MODULES
# asks for must exist.
for m in ${VM_MODULES:-}; do
	$MODPROBE --show-depends "$m" >/dev/null 2>&1 ||
		skip "no module $m for $KVER"
done
for m in nf_tables veth nft_queue nfnetlink_queue nft_numgen nft_hash \
	 nft_meta_bridge 8021q ${VM_MODULES:-}; do
	$MODPROBE --show-depends "$m" 2>/dev/null | awk '$1 == "insmod" { print $2 }'
done | awk '!seen[$0]++' > "$root/modules.host"
[ -s "$root/modules.host" ] || skip "cannot resolve modules of $KVER"
# In the guest they sit in /lib/modules, wherever the host keeps them.
while read -r ko; do
	guest=${ko#"${KROOT:-}"}
	mkdir -p "$root$(dirname "$guest")" && cp "$ko" "$root$guest"
	echo "$guest"
done < "$root/modules.host" > "$root/modules.list"
rm "$root/modules.host"

cp "$CASES"/*.sh "$root/cases/"
# --run: the job is the script with its arguments, quoted for bash.
if [ -n "$script" ]; then
	cp "$script" "$root/job/script"
	printf 'exec bash /job/script' > "$root/job/cmd"
	printf ' %q' "$@" >> "$root/job/cmd"
	echo >> "$root/job/cmd"
fi
cat > "$root/init" <<'INIT'
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/bin LD_LIBRARY_PATH=/lib
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
mount -t tmpfs run /run
for ko in $(cat /modules.list); do insmod "$ko" || echo "vm: insmod $ko failed"; done
ip link set lo up
echo "vm: kernel $(uname -r)"
SYSNFT=
[ -x /bin/nft-system ] && SYSNFT=/bin/nft-system
REFNFT=
[ -x /bin/nft-ref ] && REFNFT=/bin/nft-ref
export SYSNFT REFNFT
if [ -s /job/cmd ]; then
	echo "VM-RUN-BEGIN"
	NFT=/bin/nft ASAN_OPTIONS=detect_leaks=0 bash /job/cmd 2>&1
	echo "VM-RUN-EXIT $?"
	poweroff -f
fi
pass=0
fail=0
for t in /cases/*.sh; do
	# each case in a network namespace of its own
	if NFT=/bin/nft ASAN_OPTIONS=detect_leaks=0 unshare -n \
	   sh -c 'ip link set lo up; exec bash "$0"' "$t" > /tmp/out 2>&1; then
		pass=$((pass + 1))
		echo "PASS ${t#/cases/}"
	else
		fail=$((fail + 1))
		echo "FAIL ${t#/cases/}"
		sed 's/^/    /' /tmp/out
	fi
done
echo "VM: $pass passed, $fail failed"
poweroff -f
INIT
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$root.img" ||
	exit 1
trap 'rm -rf "$root" "$root.img" "$root.log"' EXIT

# Software emulation: boots in seconds and behaves the same on every
# machine (nested KVM was seen to hang in firmware). VM_KVM=1 tries KVM.
accel="-accel tcg"
if [ -n "${VM_KVM:-}" ] && [ -w /dev/kvm ]; then
	accel="-enable-kvm -cpu qemu64"
fi
boot()
{
	timeout "$TIMEOUT" qemu-system-x86_64 $accel -m 1024 -smp 1 \
		-nographic -no-reboot -kernel "$KERNEL" -initrd "$root.img" \
		-append "console=ttyS0 panic=-1 quiet loglevel=1" \
		${VM_QEMU_ARGS:-} </dev/null 2>&1
}

# --run: pass the init's and the job's lines on as they come (a benchmark
# takes minutes), keep the whole console for when the guest does not finish.
if [ -n "$script" ]; then
	: > "$root.log"
	boot | while IFS= read -r line; do
		line=${line%$'\r'}
		printf '%s\n' "$line" >> "$root.log"
		case $line in
		VM-RUN-BEGIN) on=1 ;;
		VM-RUN-EXIT*) on= ;;
		"vm: "*) printf '%s\n' "$line" ;;
		*) [ -n "${on:-}" ] && printf '%s\n' "$line" ;;
		esac
	done
	rc=$(sed -n 's/^VM-RUN-EXIT //p' "$root.log" | tail -n 1)
	if [ -z "$rc" ]; then
		echo "vm: the guest did not finish; its console said:"
		tail -n 30 "$root.log"
		exit 1
	fi
	exit "$rc"
fi

log=$(boot | tr -d '\r')
echo "$log" | grep -E '^(vm: |PASS |FAIL |    )'
result=$(echo "$log" | sed -n 's/^VM: //p' | tail -n 1)
if [ -z "$result" ]; then
	echo "vm: the guest did not finish; its console said:"
	echo "$log" | tail -n 30
	echo "0 passed, 1 failed"
	exit 1
fi
echo "$result"
case "$result" in
"0 passed, 0 failed") echo "vm: no case ran"; exit 1 ;;
*" 0 failed") exit 0 ;;
*) exit 1 ;;
esac
