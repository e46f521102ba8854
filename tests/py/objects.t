# references to stateful named objects (the objects are declared by the
# object: lines, with the system nft where there is one)
families: ip inet
table: t
chain: c { type filter hook input priority filter; policy accept; }
object: counter cnt { }
object: quota q { over 10 mbytes }
object: limit l { rate 10/second }
object: ct helper ftp { type "ftp" protocol tcp; }
object: ct timeout tt { protocol tcp; policy = { established: 100 }; }
object: ct expectation ex { protocol tcp; dport 21; timeout 1s; size 4; l3proto ip; }
object: synproxy sp { mss 1460; wscale 7; }

rule: counter name "cnt"
  [ objref type 1 name cnt ]
json: [{"counter": "cnt"}]

rule: quota name "q"
  [ objref type 2 name q ]
json: [{"quota": "q"}]

rule: limit name "l"
  [ objref type 4 name l ]
json: [{"limit": "l"}]

rule: ct helper set "ftp"
  [ objref type 3 name ftp ]
json: [{"ct helper": "ftp"}]

rule: ct timeout set "tt"
  [ objref type 7 name tt ]
json: [{"ct timeout": "tt"}]

rule: ct expectation set "ex"
  [ objref type 9 name ex ]
json: [{"ct expectation": "ex"}]

rule: synproxy name "sp"
  [ objref type 10 name sp ]
json: [{"synproxy": "sp"}]

rule: tcp dport 21 counter name "cnt" accept
  [ meta load l4proto => reg 1 ]
  [ cmp eq reg 1 0x00000006 ]
  [ payload load 2b @ transport header + 2 => reg 1 ]
  [ cmp eq reg 1 0x00001500 ]
  [ objref type 1 name cnt ]
  [ immediate reg 0 accept ]
json: [{"match": {"op": "==", "left": {"payload": {"protocol": "tcp", "field": "dport"}}, "right": 21}}, {"counter": "cnt"}, {"accept": null}]
