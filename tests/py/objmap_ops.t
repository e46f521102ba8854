# object maps keyed by a field operated on ("counter name meta mark >> 8
# & 0xf map @m"), as 1.1.3 takes them; a key without its map is refused
# by its type where the name goes
families: ip
table: t
chain: c { type filter hook input priority filter; policy accept; }
object: counter c1 { }
object: quota q1 { 100 bytes }
object: limit l1 { rate 10/second }
map: mc { type mark : counter; }
map: mq { type mark : quota; }
map: ml { type mark : limit; }
map: mp { type inet_service : counter; }
map: mhe { typeof meta mark : ct helper; }
map: mto { typeof meta mark : ct timeout; }
map: ms { type mark : synproxy; }
map: msm { type mark : secmark; }

rule: counter name meta mark >> 8 & 0xf map @mc
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000008 ) ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ objref sreg 1 set mc ]
json: [{"counter": {"map": {"key": {"&": [{">>": [{"meta": {"key": "mark"}}, 8]}, 15]}, "data": "@mc"}}}]

rule: counter name meta mark & 0xf map @mc
list: counter name meta mark & 0x0000000f map @mc
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ objref sreg 1 set mc ]
json: [{"counter": {"map": {"key": {"&": [{"meta": {"key": "mark"}}, 15]}, "data": "@mc"}}}]

rule: counter name meta mark & 0xf map { 1 : "c1" }
list: counter name meta mark & 0x0000000f map { 0x00000001 : "c1" }
  	element 00000001  : 0 [end]
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ objref sreg 1 set __objmap%d ]
json: [{"counter": {"map": {"key": {"&": [{"meta": {"key": "mark"}}, 15]}, "data": {"set": [[1, "c1"]]}}}}]

rule: quota name meta mark >> 8 map @mq
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000008 ) ]
  [ objref sreg 1 set mq ]
json: [{"quota": {"map": {"key": {">>": [{"meta": {"key": "mark"}}, 8]}, "data": "@mq"}}}]

rule: limit name meta mark | 0x3 map @ml
list: limit name meta mark | 0x00000003 map @ml
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xfffffffc ) ^ 0x00000003 ]
  [ objref sreg 1 set ml ]
json: [{"limit": {"map": {"key": {"|": [{"meta": {"key": "mark"}}, 3]}, "data": "@ml"}}}]

rule: counter name (meta mark & 0xf) map @mc
list: counter name meta mark & 0x0000000f map @mc
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ objref sreg 1 set mc ]
json: [{"counter": {"map": {"key": {"&": [{"meta": {"key": "mark"}}, 15]}, "data": "@mc"}}}]

rule: counter name tcp dport & 0xff map @mp
list: counter name tcp dport & 255 map @mp
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000ff00 ) ^ 0x00000000 ]
  [ objref sreg 1 set mp ]
json: [{"counter": {"map": {"key": {"&": [{"payload": {"protocol": "tcp", "field": "dport"}}, 255]}, "data": "@mp"}}}]

rule: counter name mark & 0xf map @mc
list: counter name meta mark & 0x0000000f map @mc
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x0000000f ) ^ 0x00000000 ]
  [ objref sreg 1 set mc ]
json: [{"counter": {"map": {"key": {"&": [{"meta": {"key": "mark"}}, 15]}, "data": "@mc"}}}]

rule: counter name ct mark ^ 0x1 map @mc
list: counter name ct mark ^ 0x00000001 map @mc
  [ ct load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0xffffffff ) ^ 0x00000001 ]
  [ objref sreg 1 set mc ]
json: [{"counter": {"map": {"key": {"^": [{"ct": {"key": "mark"}}, 1]}, "data": "@mc"}}}]

rule: ct helper set meta mark & 0xff map @mhe
list: ct helper set meta mark & 0x000000ff map @mhe
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ objref sreg 1 set mhe ]
json: [{"ct helper": {"map": {"key": {"&": [{"meta": {"key": "mark"}}, 255]}, "data": "@mhe"}}}]

rule: ct helper set (meta mark & 0xff) map @mhe
list: ct helper set meta mark & 0x000000ff map @mhe
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x000000ff ) ^ 0x00000000 ]
  [ objref sreg 1 set mhe ]
json: [{"ct helper": {"map": {"key": {"&": [{"meta": {"key": "mark"}}, 255]}, "data": "@mhe"}}}]

rule: ct timeout set meta mark >> 8 map @mto
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 >> 0x00000008 ) ]
  [ objref sreg 1 set mto ]
json: [{"ct timeout": {"map": {"key": {">>": [{"meta": {"key": "mark"}}, 8]}, "data": "@mto"}}}]

rule: synproxy name meta mark & 0x1 map @ms
list: synproxy name meta mark & 0x00000001 map @ms
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000001 ) ^ 0x00000000 ]
  [ objref sreg 1 set ms ]
json: [{"synproxy": {"map": {"key": {"&": [{"meta": {"key": "mark"}}, 1]}, "data": "@ms"}}}]

rule: meta secmark set meta mark & 0x1 map @msm
list: meta secmark set meta mark & 0x00000001 map @msm
  [ meta load mark => reg 1 ]
  [ bitwise reg 1 = ( reg 1 & 0x00000001 ) ^ 0x00000000 ]
  [ objref sreg 1 set msm ]
json: [{"secmark": {"map": {"key": {"&": [{"meta": {"key": "mark"}}, 1]}, "data": "@msm"}}}]

fail: counter name meta mark >> 8 & 0xf

fail: counter name meta mark

fail: counter name mark

fail: counter name numgen inc mod 2

fail: quota name meta mark

fail: counter name meta mark . ct mark
