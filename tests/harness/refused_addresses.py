"""Addresses the condition-C web proxy must refuse, in one place.

They are data: request lines and URLs handed to the proxy, which refuses them before any
connection is made (the tests run inside a loopback-only network namespace). Nothing here
is ever connected to; the loopback guard allows this file as a whole for that reason.
"""

PRIVATE = "10.1.2.3"  # RFC 1918
PRIVATE_FIXTURE = "10.0.0.1"  # RFC 1918, offered to the test resolver (which must refuse it)
PRIVATE_C = "192.168.0.1"  # RFC 1918
METADATA = "169.254.169.254"  # link-local: a cloud metadata service

# IPv6 forms that carry a private or loopback IPv4 address, or that the proxy refuses
# whatever they carry (issue 28, item 6).
CARRYING = {
    "64:ff9b::7f00:1": "carries 127.0.0.1",  # NAT64 (well-known prefix) of loopback
    "64:ff9b::a00:1": "carries 10.0.0.1",  # NAT64 of RFC 1918
    "64:ff9b::a9fe:a9fe": "carries 169.254.169.254",  # NAT64 of the metadata service
    "2002:7f00:1::": "carries 127.0.0.1",  # 6to4 of loopback
    "2002:c0a8:1::1": "carries 192.168.0.1",  # 6to4 of RFC 1918
    "::ffff:a00:1": "not a public address",  # IPv4-mapped
    "::7f00:1": "IPv4-compatible",  # deprecated IPv4-compatible form
    "::ffff:0:7f00:1": "IPv4-translated",  # SIIT
    "64:ff9b:1::a00:1": "local-use NAT64",  # RFC 8215
    "64:ff9b:0:1::a00:1": "reserved",  # elsewhere in ::/8
    "2001:0:4136:e378:8000:63bf:3fff:fdd2": "Teredo",  # RFC 4380's own example
}
