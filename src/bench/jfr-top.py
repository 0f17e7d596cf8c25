#!/usr/bin/env python3
"""Share of a JFR recording's CPU samples per method, counted once per sample when the method is
anywhere on the stack (inclusive), for methods matching PATTERN.
usage: src/bench/jfr-top.py FILE.jfr [PATTERN]   (needs the JDK's jfr on PATH)"""
import collections, re, subprocess, sys

path = sys.argv[1]
pattern = sys.argv[2] if len(sys.argv) > 2 else r'customapiserver|MVStore\.commit|EntityManagerImpl\.(find|flush)'
out = subprocess.run(['jfr', 'print', '--events', 'jdk.ExecutionSample', '--stack-depth', '160', path],
                     capture_output=True, text=True, check=True).stdout
samples, cur = [], None
for line in out.splitlines():
    line = line.strip()
    if line.startswith('jdk.ExecutionSample'):
        cur = []
        samples.append(cur)
    elif cur is not None and re.match(r'^[\w$.<>/]+\(', line):
        cur.append(line.split('(')[0])
n = max(1, len(samples))
inclusive = collections.Counter(m for s in samples for m in set(s))
print(f'{len(samples)} samples')
for method, count in inclusive.most_common():
    if re.search(pattern, method):
        print(f'{100 * count / n:5.1f}% {method}')
