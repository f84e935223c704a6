#!/usr/bin/env python3
"""Enclosed regions by size: how far the J2003 and VJR status searches get on an invader.

usage: benches/regions.py [TIME_LIMIT [BUDGET [RULESET...]]]

Each position is a board of (A+3) x (B+3) points whose top-left A x B rectangle is the
region; every other point holds a stone of one white string, with three one-point eyes in
its far corners, so the wall is unconditionally alive (Benson). Two kinds of region:
`invader`, one black stone near the middle of an otherwise empty region (White, moving
first, tries to kill it: J-41's opponent moves first), and `stones`, the same invader with a
second black stone two points from it and a white stone between them. For each position
and ruleset (default j2003 and vjr), `go-oracle status --ruleset R --engine optimized --at
INVADER --time-limit TIME_LIMIT --budget BUDGET --json` answers (defaults 10 s and
1,000,000). The status of the invader is printed as the engine gives it; this script does not
judge it (a black invader of a large enough region lives).

Output: tab-separated lines `ruleset region points kind status states seconds`, where
`states` is what the optimized engine reports spent (states, or nodes for VJR) and `status`
is `undetermined` when it ran out of budget or time. The binary is $GO_ORACLE, else
target/release/go-oracle.
"""
import json, os, subprocess, sys, tempfile, time

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
REGIONS = [(2, 5), (3, 4), (4, 4), (4, 5), (5, 5), (5, 6), (6, 6), (5, 8)]


def position(a, b, kind):
    """The diagram (rows top to bottom), its height and the invader's point (x, y from the top)."""
    w, h = a + 3, b + 3
    board = [["." if x < a and y < b else "O" for x in range(w)] for y in range(h)]
    for x, y in ((w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        board[y][x] = "."
    invader = (a // 2, b // 2)
    board[invader[1]][invader[0]] = "#"
    if kind == "stones":
        second = (invader[0], invader[1] - 2) if invader[1] >= 2 else (invader[0], invader[1] + 2)
        between = (invader[0], (invader[1] + second[1]) // 2)
        board[second[1]][second[0]] = "#"
        board[between[1]][between[0]] = "O"
    return "\n".join(" ".join(r) for r in board) + "\n", h, invader


def answer(binary, ruleset, diagram, at, time_limit, budget):
    """(status, states, seconds) of the string at `at` on `diagram`."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(diagram)
    start = time.time()
    run = subprocess.run(
        [binary, "status", "--ruleset", ruleset, "--engine", "optimized", "--at", at,
         "--time-limit", str(time_limit), "--budget", str(budget), "--json", f.name],
        capture_output=True, text=True, timeout=3 * time_limit + 30)
    seconds = time.time() - start
    os.unlink(f.name)
    try:
        engine = json.loads(run.stdout)["engines"]["optimized"]
    except (ValueError, KeyError):
        return "error: " + run.stderr.strip().splitlines()[-1:][0] if run.stderr else "error", 0, seconds
    statuses = [s.get("status", "?") for s in engine.get("strings", [])]
    spent = engine.get("states", engine.get("nodes", engine.get("explored", 0)))
    return ",".join(statuses) or "?", spent, seconds


def main():
    time_limit = float(sys.argv[1]) if len(sys.argv) > 1 else 10
    budget = int(sys.argv[2]) if len(sys.argv) > 2 else 1_000_000
    rulesets = sys.argv[3:] or ["j2003", "vjr"]
    binary = os.environ.get("GO_ORACLE", "target/release/go-oracle")
    for ruleset in rulesets:
        for a, b in REGIONS:
            for kind in ("invader", "stones"):
                diagram, h, (x, y) = position(a, b, kind)
                at = f"{LETTERS[x]}{h - y}"
                status, spent, seconds = answer(binary, ruleset, diagram, at, time_limit, budget)
                print(f"{ruleset}\t{a}x{b}\t{a * b}\t{kind}\t{status}\t{spent}\t{seconds:.2f}",
                      flush=True)


if __name__ == "__main__":
    main()
