"""The agent jail's loopback forwarder (runs inside the jail; standard library only).

    python3 forwarder.py --map PORT=SOCKET [--map …] -- COMMAND…

Listens on 127.0.0.1:PORT for each map, relays every connection to the Unix socket SOCKET
(a host service bound into the jail), then runs COMMAND and exits with its status. The
jail's network namespace holds only `lo`, so these listeners are the agent's only exits.
"""

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading


def pump(src, dst):
    try:
        while True:
            data = src.recv(65536)
            if not data:
                break
            dst.sendall(data)
    except OSError:
        pass
    finally:
        with contextlib.suppress(OSError):
            dst.shutdown(socket.SHUT_WR)


def relay(client, path):
    upstream = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        upstream.connect(path)
    except OSError:
        client.close()
        upstream.close()
        return
    a = threading.Thread(target=pump, args=(client, upstream), daemon=True)
    b = threading.Thread(target=pump, args=(upstream, client), daemon=True)
    a.start()
    b.start()
    a.join()
    b.join()
    client.close()
    upstream.close()


def serve(listener, path):
    while True:
        try:
            client, _ = listener.accept()
        except OSError:
            return
        threading.Thread(target=relay, args=(client, path), daemon=True).start()


def main(argv):
    if "--" not in argv:
        print("usage: forwarder.py --map PORT=SOCKET … -- COMMAND…", file=sys.stderr)
        return 2
    split = argv.index("--")
    options, command = argv[:split], argv[split + 1 :]
    maps = [options[i + 1] for i, o in enumerate(options) if o == "--map"]
    for spec in maps:
        port, _, path = spec.partition("=")
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", int(port)))
        listener.listen(64)
        threading.Thread(target=serve, args=(listener, path), daemon=True).start()
    if not command:
        return 2
    child = subprocess.Popen(command)
    signal.signal(signal.SIGTERM, lambda *_: child.terminate())
    code = child.wait()
    sys.stdout.flush()
    return code if code >= 0 else 128 - code


if __name__ == "__main__":
    os._exit(main(sys.argv[1:]))
