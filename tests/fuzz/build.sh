#!/bin/sh
# Build the libFuzzer harnesses: fuzz_text, fuzz_json and fuzz_dump.
#
#   tests/fuzz/build.sh [OUTDIR]        (default: ./fuzz-build)
#
# Compiles the library's sources with clang, -fsanitize=fuzzer,address,
# undefined, and links them with each harness. Netlink is cut off with
# -Wl,--wrap (see fuzz_common.c). Needs clang (14 or newer) with its
# fuzzer runtime (Debian: clang-14 libclang-rt-14-dev), bison, flex and
# the libraries' -dev packages. Not part of `make check`.
set -eu

SRC=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${1:-fuzz-build}
CC=${CC:-clang}
mkdir -p "$OUT/obj"
OUT=$(cd "$OUT" && pwd)

SAN="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all"
CFLAGS="-std=gnu11 -g -O1 -D_GNU_SOURCE -DPACKAGE_VERSION=\"fuzz\"
	-DDEFAULT_INCLUDE_PATH=\"/nonexistent\" -DNFT_BUILDING_LIBRARY
	-I$SRC/include -I$OUT/obj -Wall -Wno-unused-parameter
	-Wno-sign-compare -Wno-missing-field-initializers -Wno-unused-function
	$(pkg-config --cflags libmnl libnftnl jansson)"
LIBS="$(pkg-config --libs libmnl libnftnl jansson) -lgmp"
WRAP="-Wl,--wrap=cache_update,--wrap=cache_fetch,--wrap=batch_send"
WRAP="$WRAP,--wrap=getaddrinfo,--wrap=mnl_socket_open,--wrap=mnl_socket_bind"
WRAP="$WRAP,--wrap=mnl_socket_close,--wrap=mnl_socket_get_fd"
WRAP="$WRAP,--wrap=mnl_socket_get_portid,--wrap=mnl_socket_sendto"
WRAP="$WRAP,--wrap=mnl_socket_recvfrom,--wrap=nft_retry_again"

for f in decls commands exprs stmts code; do
	cat "$SRC/src/grammar/$f.y"
done > "$OUT/obj/parser.y"
bison -Wall -d -o "$OUT/obj/parser.c" "$OUT/obj/parser.y"
flex --header-file="$OUT/obj/scanner.h" -o "$OUT/obj/scanner.c" \
	"$SRC/src/scanner.l"

# The library's source list, as in Makefile.am (generated files from OUT).
SOURCES=$(sed -n '/^src_libnftables_la_SOURCES/,/^$/p' "$SRC/Makefile.am" |
	  grep -o 'src/[a-z_/]*\.c')
OBJS=
for s in $SOURCES; do
	case $s in
	src/parser.c|src/scanner.c) in="$OUT/obj/$(basename "$s")" ;;
	*) in="$SRC/$s" ;;
	esac
	o="$OUT/obj/${s#src/}"
	o="${o%.c}.o"
	mkdir -p "$(dirname "$o")"
	# shellcheck disable=SC2086
	$CC $CFLAGS $SAN -c "$in" -o "$o" &
	OBJS="$OBJS $o"
	[ "$(jobs -p | wc -l)" -lt "$(nproc)" ] || wait -n 2>/dev/null || wait
done
wait
# shellcheck disable=SC2086
$CC $CFLAGS $SAN -c "$SRC/tests/fuzz/fuzz_common.c" -o "$OUT/obj/fuzz_common.o"

for f in text json dump; do
	# shellcheck disable=SC2086
	$CC $CFLAGS -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all "$SRC/tests/fuzz/fuzz_$f.c" \
		"$OUT/obj/fuzz_common.o" $OBJS $WRAP $LIBS -o "$OUT/fuzz_$f"
	echo "built $OUT/fuzz_$f"
done
