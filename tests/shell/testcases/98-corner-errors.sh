#!/bin/bash
# Corners of the grammar and of the errors 1.1.3 gives there: each
# command's output and errors (text and caret) as the reference's.
. "$TESTDIR/lib.sh"

have_ref || skip "no reference nft (tools/ref make)"

cat > "$TMPD/setup" <<'NFT'
table ip t {
	map m {
		type ipv4_addr : verdict
	}

	chain c {
	}

	chain x {
	}

	chain last {
	}

	chain name {
	}
}
NFT

# one command a line
cat > "$TMPD/cmds" <<'CMDS'
add rule ip t c jump "x"
add rule ip t c goto "x"
add rule ip t c jump meta
add rule ip t c goto counter
add rule ip t c jump timeout
add rule ip t c jump 1
add rule ip t c jump
add rule ip t c jump last
add rule ip t c goto name
add rule ip t c ip saddr vmap { 1.1.1.1 : jump "x" }
add rule ip t c ip saddr vmap { 1.1.1.1 : goto meta }
add rule ip t c ip saddr vmap { 1.1.1.1 : jump timeout }
add rule ip t c ip saddr vmap { 1.1.1.1 : jump }
add rule ip t c ip saddr vmap { 1.1.1.1 : jump last }
add element ip t m { 1.1.1.1 : jump "x" }
add element ip t m { 1.1.1.2 : goto x }
add rule ip t c meta mark set tcp dport map {22:1}
add rule ip t c meta mark set tcp dport map { 22 }
add rule ip t c meta mark set ip saddr map { 1.1.1.1, 2.2.2.2 : 1 }
add rule ip t c meta mark set ip saddr map { 2.2.2.2 : 1, 1.1.1.1 }
add rule ip t c meta mark set tcp dport map { 22:1, 23 : 2 }
add rule ip t c meta mark set ip6 saddr map {::1:1}
add rule ip t c meta mark set ip saddr map { 1.1.1.1 1 }
add element ip t m { 1.1.1.1 : accept, 2.2.2.2 }
add rule ip t c ip saddr vmap { 1.1.1.1 }
add rule ip t c ip saddr vmap { 1.1.1.1 accept }
add rule ip t c ip saddr vmap { 1.1.1.1 timeout 1s }
add rule ip t c ip saddr vmap { 1.1.1.1, 2.2.2.2 : accept }
add rule ip t c ip saddr vmap { 1.1.1.1 : accept, 2.2.2.2 }
add rule ip t c ip saddr vmap { 1.1.1.1 : accept 2.2.2.2 }
add rule ip t c ip saddr vmap { 1.1.1.1 : accept foo }
add rule ip t c ip saddr vmap 1
add element ip t m { 1 2 }
add element ip t m { 1.1.1.1 foo }
add map ip t m2 { type ipv4_addr mark; }
add map ip t m2 { type ipv4_addr : ; }
add map ip t m2 { typeof ip saddr meta mark; }
add set ip t s2 { type ipv4_addr mark; }
add set ip t s2 { typeof ip saddr meta mark; }
add table ip t extra
list table ip t extra
delete table ip t extra
add table ip t { chain c extra; }
list counterz
list foo bar
list ct foo
list ct timeouts
add ct foo ip t x { }
delete ct helperx ip t x
add rule ip t c meta markk 1
add rule ip t c meta foo 1 `
add rule ip t c meta
add rule ip t c ct markk 1
add rule ip t c tcp dportt 1
add rule ip t c ip sadr 1.1.1.1
add rule ip t c countr
add rule ip t c ip saddr 1.1.1.1 accpet
add chain ip t c2 { type filter hook input; }
list table ip tt
list chain ip t cc
list set ip t mm
add rule ip t cc accept
add rule ip tt c accept
add rule inet t c accept
add rule ip t c jump zzzzzz
add rule ip t c counter name zzzzzz
delete chain ip t cc
delete chain ip t zzzzzz
delete table ip tt
add set ip tt s2 { type ipv4_addr; }
add chain ip tt c
add rule ip t c iifkind "veth"
add rule ip t c oifkind "veth" accept
add rule ip t c ibrvproto 0x8100
add rule ip t c ip saddr 1.1.1.1 ibrpvid 10
add chain ip t "c2"
add chain ip t add
add chain ip t fwd
add chain ip t chunk
add set ip t log { type ipv4_addr; }
add set ip t "s3" { type ipv4_addr; }
add rule ip t c ip saddr @"m"
add rule ip t c ip saddr @log
list chain ip t "c"
delete chain ip t "x"
rename chain ip t c "d"
add element ip t "m" { 1.1.1.1 : accept }
add table ip ecn
add table ip original
add table ip iifkind
add table ip geneve
add rule ip t c ah exists
add rule ip t c esp exists
add rule ip t c comp exists
add rule ip t c udp exists
add rule ip t c udplite exists
add rule ip t c tcp exists
add rule ip t c dccp exists
add rule ip t c igmp exists
add rule ip t c ip exists
add rule ip t c ether exists
add rule ip t c th exists
add rule ip t c hbh exists
add rule ip t c rt exists
add rule ip t c rt0 exists
add rule ip t c srh exists
add rule ip t c frag exists
add rule ip t c dst exists
add rule ip t c rt ip exists
add rule ip t c fib exists
add rule ip t c fib saddr exists
add rule ip t c socket exists
add rule ip t c osf exists
add rule ip t c ipsec in exists
add rule ip t c numgen exists
add rule ip t c ip option exists
add rule ip t c meta l4proto udp exists
add rule ip t c ip option foo exists
add rule ip t c tcp option foo kind 1 accept
add rule ip t c sctp chunk foo type 1
add rule ip t c iif exists
add rule ip t c meta iifname missing
add rule ip t c ip saddr exists
add rule ip t c tcp dport missing
add rule ip t c ct state exists
add rule ip t c meta iifname "exists"
add rule ip t c limit exists
add rule ip t c limit rate exists
add rule ip t c quota exists
add rule ip t c reject with exists
add rule ip t c fwd exists
add rule ip t c tproxy exists
add rule ip t c ipsec in ip exists
add counter ip t ecn
add counter ip t original
add counter ip t iifkind
add counter ip t timeout
add rule ip t c jump ecn
add rule ip t c jump reply
add rule ip t c jump oifkind
add rule ip t c ip saddr @ll
add rule ip t c ip saddr @th
add rule ip t c ip saddr @ih
add rule ip t c jump mark
CMDS

# files: FILES/NAME.nft, each loaded with -f after the commands
mkdir -p "$TMPD/files"
printf 'define e = ""\nadd rule ip t c jump $e\n' > "$TMPD/files/empty-var.nft"
printf 'table ip t {\n\tchain d {\n\t\tjump "x"\n\t}\n}\n' \
	> "$TMPD/files/quoted-in-block.nft"
printf 'table ip t {\n\tchain fwd {\n\t}\n\tmap "q" {\n\t\ttype ipv4_addr : mark\n\t}\n\tset dup {\n\t\ttype ipv4_addr\n\t}\n}\n' \
	> "$TMPD/files/keyword-names.nft"
printf 'table ip t {\n\tchain c {\n\t\tpolicy\n\t\tip saddr 1.2.3.4 acept\n\t}\n\tflgs dormant\n}\n' \
	> "$TMPD/files/block-errors.nft"

run_all()
{
	local n=$1 l f

	$n -f "$TMPD/setup" || echo "setup failed"
	while IFS= read -r l; do
		echo "### $l"
		$n "$l" 2>&1
	done < "$TMPD/cmds"
	for f in "$TMPD"/files/*.nft; do
		echo "### ${f##*/}"
		$n -f "$f" 2>&1
	done
	$n list ruleset
}

ours=$(run_all nft)
nft flush ruleset
ref=$(run_all refnft)
assert_eq "$ours" "$ref" "commands, errors and listing as the reference's"
