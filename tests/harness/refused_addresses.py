"""Addresses the condition-C web proxy must refuse, in one place.

They are data: request lines and URLs handed to the proxy, which refuses them before any
connection is made (the tests run inside a loopback-only network namespace). Nothing here
is ever connected to; the loopback guard allows this file as a whole for that reason.
"""

PRIVATE = "10.1.2.3"  # RFC 1918
PRIVATE_FIXTURE = "10.0.0.1"  # RFC 1918, offered to the test resolver (which must refuse it)
PRIVATE_C = "192.168.0.1"  # RFC 1918
METADATA = "169.254.169.254"  # link-local: a cloud metadata service
