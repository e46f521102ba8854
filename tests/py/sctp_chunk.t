# SCTP chunks: presence and the fields of each chunk type
families: ip ip6 inet
table: t
chain: c { type filter hook prerouting priority filter; policy accept; }

rule: sctp chunk data exists
  [ exthdr load 1b @ 0 + 0 present => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "data"}}, "right": true}}]

rule: sctp chunk cookie-ack missing
  [ exthdr load 1b @ 11 + 0 present => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "cookie-ack"}}, "right": false}}]

rule: sctp chunk data type 0
  [ exthdr load 1b @ 0 + 0 => reg 1 ]
  [ cmp eq reg 1 0x00000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "data", "field": "type"}}, "right": 0}}]

rule: sctp chunk abort flags 1
  [ exthdr load 1b @ 6 + 1 => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "abort", "field": "flags"}}, "right": 1}}]

rule: sctp chunk heartbeat length 4
  [ exthdr load 2b @ 4 + 2 => reg 1 ]
  [ cmp eq reg 1 0x00000400 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "heartbeat", "field": "length"}}, "right": 4}}]

rule: sctp chunk data tsn 5
  [ exthdr load 4b @ 0 + 4 => reg 1 ]
  [ cmp eq reg 1 0x05000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "data", "field": "tsn"}}, "right": 5}}]

rule: sctp chunk data stream 1
  [ exthdr load 2b @ 0 + 8 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "data", "field": "stream"}}, "right": 1}}]

rule: sctp chunk data ssn 1
  [ exthdr load 2b @ 0 + 10 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "data", "field": "ssn"}}, "right": 1}}]

rule: sctp chunk data ppid 7
  [ exthdr load 4b @ 0 + 12 => reg 1 ]
  [ cmp eq reg 1 0x07000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "data", "field": "ppid"}}, "right": 7}}]

rule: sctp chunk init init-tag 1
  [ exthdr load 4b @ 1 + 4 => reg 1 ]
  [ cmp eq reg 1 0x01000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "init", "field": "init-tag"}}, "right": 1}}]

rule: sctp chunk init a-rwnd 1
  [ exthdr load 4b @ 1 + 8 => reg 1 ]
  [ cmp eq reg 1 0x01000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "init", "field": "a-rwnd"}}, "right": 1}}]

rule: sctp chunk init num-outbound-streams 1
  [ exthdr load 2b @ 1 + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "init", "field": "num-outbound-streams"}}, "right": 1}}]

rule: sctp chunk init num-inbound-streams 3
  [ exthdr load 2b @ 1 + 14 => reg 1 ]
  [ cmp eq reg 1 0x00000300 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "init", "field": "num-inbound-streams"}}, "right": 3}}]

rule: sctp chunk init-ack initial-tsn 1
  [ exthdr load 4b @ 2 + 16 => reg 1 ]
  [ cmp eq reg 1 0x01000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "init-ack", "field": "initial-tsn"}}, "right": 1}}]

rule: sctp chunk sack cum-tsn-ack 2
  [ exthdr load 4b @ 3 + 4 => reg 1 ]
  [ cmp eq reg 1 0x02000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "sack", "field": "cum-tsn-ack"}}, "right": 2}}]

rule: sctp chunk sack a-rwnd 1
  [ exthdr load 4b @ 3 + 8 => reg 1 ]
  [ cmp eq reg 1 0x01000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "sack", "field": "a-rwnd"}}, "right": 1}}]

rule: sctp chunk sack num-gap-ack-blocks 1
  [ exthdr load 2b @ 3 + 12 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "sack", "field": "num-gap-ack-blocks"}}, "right": 1}}]

rule: sctp chunk sack num-dup-tsns 1
  [ exthdr load 2b @ 3 + 14 => reg 1 ]
  [ cmp eq reg 1 0x00000100 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "sack", "field": "num-dup-tsns"}}, "right": 1}}]

rule: sctp chunk shutdown cum-tsn-ack 1
  [ exthdr load 4b @ 7 + 4 => reg 1 ]
  [ cmp eq reg 1 0x01000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "shutdown", "field": "cum-tsn-ack"}}, "right": 1}}]

rule: sctp chunk ecne lowest-tsn 1
  [ exthdr load 4b @ 12 + 4 => reg 1 ]
  [ cmp eq reg 1 0x01000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "ecne", "field": "lowest-tsn"}}, "right": 1}}]

rule: sctp chunk cwr lowest-tsn 1
  [ exthdr load 4b @ 13 + 4 => reg 1 ]
  [ cmp eq reg 1 0x01000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "cwr", "field": "lowest-tsn"}}, "right": 1}}]

rule: sctp chunk asconf-ack seqno 1
  [ exthdr load 4b @ 128 + 4 => reg 1 ]
  [ cmp eq reg 1 0x01000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "asconf-ack", "field": "seqno"}}, "right": 1}}]

rule: sctp chunk forward-tsn new-cum-tsn 1
  [ exthdr load 4b @ 192 + 4 => reg 1 ]
  [ cmp eq reg 1 0x01000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "forward-tsn", "field": "new-cum-tsn"}}, "right": 1}}]

rule: sctp chunk asconf seqno 1
  [ exthdr load 4b @ 193 + 4 => reg 1 ]
  [ cmp eq reg 1 0x01000000 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "asconf", "field": "seqno"}}, "right": 1}}]

rule: sctp chunk shutdown-complete exists
  [ exthdr load 1b @ 14 + 0 present => reg 1 ]
  [ cmp eq reg 1 0x00000001 ]
json: [{"match": {"op": "==", "left": {"sctp chunk": {"name": "shutdown-complete"}}, "right": true}}]

fail: sctp chunk nosuch exists

fail: sctp chunk data nosuch 1

fail: tcp chunk data exists
