#!/usr/bin/env python3
# One hostile address (127.0.0.1) against a running `qdan serve`, while a visitor from another
# address (127.0.0.2) loads a page: docs/reliability.md, "Hostile clients". Standard library only.
#
#   python3 bench/hostile/attack.py HOST PORT SERVER_PID idle|body|v6
#
# idle: 3,000 connections that send nothing or half a header; body: 250 POSTs announcing 2 MB
# and 50 announcing 8,000 bytes, each sent 10 bytes short; v6: 100 new players from 100
# addresses of one /64 through X-Forwarded-For (serve with --trusted-proxies 127.0.0.1).
# Prints one JSON line: the visitor's p50/p99 before and during, and what the server held.
import socket, sys, time, threading, http.client, os, json

HOST, PORT, PID = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
mode = sys.argv[4]

def rss_mib():
    for l in open(f'/proc/{PID}/status'):
        if l.startswith('VmRSS'):
            return int(l.split()[1]) / 1024
def fds():
    return len(os.listdir(f'/proc/{PID}/fd'))

def visitor(n=200, path='/en/'):
    lat = []
    for _ in range(n):
        s = socket.socket(); s.bind(('127.0.0.2', 0)); s.settimeout(10)
        t = time.perf_counter()
        try:
            s.connect((HOST, PORT))
            s.sendall(f'GET {path} HTTP/1.1\r\nHost: qdan\r\nConnection: close\r\n\r\n'.encode())
            data = b''
            while True:
                b = s.recv(65536)
                if not b: break
                data += b
            ok = data.startswith(b'HTTP/1.1 200')
        except OSError:
            ok = False
        lat.append((time.perf_counter() - t) * 1000 if ok else float('inf'))
        s.close()
    lat.sort()
    return {'p50_ms': round(lat[len(lat)//2], 1), 'p99_ms': round(lat[int(len(lat)*0.99) - 1], 1), 'failed': sum(1 for x in lat if x == float('inf'))}

def open_ok(c):
    c.setblocking(False)
    try:
        b = c.recv(1)
        return False  # EOF or data: the server let go / answered
    except BlockingIOError:
        return True
    except OSError:
        return False

if mode == 'idle':
    base = visitor(100)
    conns = []
    for i in range(3000):
        c = socket.socket(); c.bind(('127.0.0.1', 0))
        try:
            c.connect((HOST, PORT))
            if i % 2: c.sendall(b'GET /en/ HTTP/1.1\r\nHost: qdan\r\n')
        except OSError:
            pass
        conns.append(c)
    time.sleep(0.5)
    during = visitor(200)
    held = sum(open_ok(c) for c in conns)
    fd_during = fds()
    time.sleep(11)
    held_after = sum(open_ok(c) for c in conns)
    print(json.dumps({'attack': '3000 idle connections (half with half a header)', 'visitor_before': base, 'visitor_during': during,
                      'held_open_after_0.5s': held, 'held_open_after_11s': held_after, 'server_fds_during': fd_during}))
elif mode == 'body':
    base = visitor(100)
    r0 = rss_mib()
    peak = [r0]
    stop = False
    def sample():
        while not stop:
            peak[0] = max(peak[0], rss_mib()); time.sleep(0.02)
    th = threading.Thread(target=sample); th.start()
    chunk = b' ' * 65536
    conns = []
    def slow(n):
        c = socket.socket(); c.bind(('127.0.0.1', 0)); c.settimeout(15)
        try:
            c.connect((HOST, PORT))
            c.sendall(f'POST /api/players HTTP/1.1\r\nHost: qdan\r\nContent-Type: application/json\r\nContent-Length: {n}\r\n\r\n'.encode())
            sent = 0
            while sent < n - 10:
                k = min(len(chunk), n - 10 - sent); c.sendall(chunk[:k]); sent += k
        except OSError:
            pass
        conns.append(c)
    ts = [threading.Thread(target=slow, args=(2 * 1024 * 1024,)) for _ in range(250)]
    ts += [threading.Thread(target=slow, args=(8000,)) for _ in range(50)]
    t0 = time.time()
    for t in ts: t.start()
    during = visitor(200)
    for t in ts: t.join()
    held = sum(open_ok(c) for c in conns)
    time.sleep(11)
    held_after = sum(open_ok(c) for c in conns)
    stop = True; th.join()
    print(json.dumps({'attack': '250 POSTs announcing 2 MB sent 10 bytes short + 50 announcing 8000 sent 10 short', 'visitor_before': base,
                      'visitor_during': during, 'rss_before_mib': round(r0, 1), 'rss_peak_mib': round(peak[0], 1),
                      'held_open_after_sends': held, 'held_open_after_11s': held_after}))
elif mode == 'v6':
    codes = []
    for i in range(100):
        c = http.client.HTTPConnection(HOST, PORT, timeout=5)
        c.request('POST', '/api/players', body='{"name":"Rota"}', headers={'Content-Type': 'application/json', 'X-Forwarded-For': f'2001:db8:1:2::{i+1:x}'})
        codes.append(c.getresponse().status); c.close()
    during = visitor(200)
    print(json.dumps({'attack': '100 new players from 100 addresses of one /64', 'created': codes.count(201), 'refused_429': codes.count(429), 'visitor_during': during}))
