"""rss_kb(): this process's resident set in KiB, from /proc/self/status
(tests/hostile/exc_*.py; the same under msc and CPython)."""


def rss_kb():
    with open('/proc/self/status') as f:
        for line in f:
            if line.startswith('VmRSS:'):
                return int(line.split()[1])
    return 0
