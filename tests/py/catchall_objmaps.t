# the catch-all element ("*") of object maps: a rule's anonymous ones
# and named ones (the map's "*" names the object the packets no other
# element holds go to; the rule is the same objref by the map's name)
families: ip inet
table: t
chain: c { type filter hook input priority filter; policy accept; }
object: counter ca { }
object: counter cb { }
object: quota q1 { over 10 mbytes }
object: quota q2 { 100 bytes }
map: om { type ipv4_addr : counter; elements = { 1.1.1.1 : "ca", * : "cb" }; }
map: oi { type ipv4_addr : quota; flags interval; elements = { 10.0.0.0/8 : "q1", * : "q2" }; }
map: oc { type ipv4_addr . inet_service : counter; elements = { 1.1.1.1 . 22 : "ca", * : "cb" }; }

rule: counter name ip saddr map { 1.1.1.1 : "ca", * : "cb" }
  	element 01010101  : 0 [end]	element  : 2 [end]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ objref sreg 1 set __objmap%d ]
bytecode inet:
  	element 01010101  : 0 [end]	element  : 2 [end]
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ objref sreg 1 set __objmap%d ]
json: [{"counter": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": {"set": [["1.1.1.1", "ca"], ["*", "cb"]]}}}}]

rule: quota name tcp dport map { * : "q1" }
  	element  : 2 [end]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ objref sreg 1 set __objmap%d ]
json: [{"quota": {"map": {"key": {"payload": {"protocol": "tcp", "field": "dport"}}, "data": {"set": [["*", "q1"]]}}}}]

rule: counter name ip saddr map @om
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ objref sreg 1 set om ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ objref sreg 1 set om ]
json: [{"counter": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": "@om"}}}]

rule: quota name ip saddr map @oi
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ objref sreg 1 set oi ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ objref sreg 1 set oi ]
json: [{"quota": {"map": {"key": {"payload": {"protocol": "ip", "field": "saddr"}}, "data": "@oi"}}}]

rule: counter name ip saddr . tcp dport map @oc
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ objref sreg 1 set oc ]
bytecode inet:
  [ meta load nfproto => reg 1 ]
  [ cmp eq reg 1 0x00000002 ]
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 4b @ network header + 12 => reg 1 ]
  [ payload load 2b @ transport header + 2 => reg 9 ]
  [ objref sreg 1 set oc ]
json: [{"counter": {"map": {"key": {"concat": [{"payload": {"protocol": "ip", "field": "saddr"}}, {"payload": {"protocol": "tcp", "field": "dport"}}]}, "data": "@oc"}}}]

fail: counter name ip saddr map { * : "ca", * : "cb" }
