#!/usr/bin/env python3
"""Points proved safe on Fuego's 94 whole-board safety positions, beside Fuego's expected counts.

usage: benches/fuego-safety.py FUEGO_REGRESSION_DIR [TIME_LIMIT [BUDGET [FIRST [LAST]]]]

FUEGO_REGRESSION_DIR is the `regression/` folder of a Fuego checkout (it holds
`static_safety_fullboard.tst` and `sgf/safetytest-whole-board/`). For each `loadsgf` of the
test file, the position's setup stones (AB, AW) become a diagram and `go-oracle status
--ruleset j2003 --engine optimized --time-limit TIME_LIMIT --budget BUDGET --json` answers
it (defaults 10 s and 1,000,000 states). `safe_stones` counts the stones of uncapturable
strings (J-41: not captured whatever the opponent plays, he moving first), which are safe
in Fuego's sense. `enclosed` counts the empty points of regions bordered only by one
colour's uncapturable strings: Fuego counts such a region safe only when the opponent
cannot live in it, which this count does not prove, so it is shown apart and is not a
count of safe points. `fuego_safe` is the expected count of `go_safe static` (Fuego's
static safety solver, stones and regions) in the test file.

Output: tab-separated lines `position points fuego_safe safe_stones enclosed strings
decided seconds`, then a `total` line. The binary is $GO_ORACLE, else
target/release/go-oracle.
"""
import json, os, re, subprocess, sys, tempfile, time

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def positions(tst):
    """(sgf path, Fuego's expected `go_safe static` count) per position, in file order."""
    out, current = [], None
    lines = open(tst).read().splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"loadsgf\s+(\S+)", line)
        if m:
            current = m.group(1)
        elif re.match(r"\d+\s+go_safe static\s*$", line) and current:
            want = re.match(r"#\?\s*\[(\d+)", lines[i + 1])
            out.append((current, int(want.group(1)) if want else None))
    return out


def diagram(sgf):
    """The setup position of an SGF file as a diagram (rows top to bottom), and its size."""
    text = open(sgf, errors="replace").read()
    size = int(re.search(r"SZ\[(\d+)\]", text).group(1)) if "SZ[" in text else 19
    board = [["."] * size for _ in range(size)]
    for prop, mark in (("AB", "#"), ("AW", "O")):
        for m in re.finditer(prop + r"((?:\s*\[[a-s]{2}\])+)", text):
            for x, y in re.findall(r"\[([a-s])([a-s])\]", m.group(1)):
                board[ord(y) - 97][ord(x) - 97] = mark
    return "\n".join(" ".join(r) for r in board) + "\n", size


def point_index(name, size):
    return (size - int(name[1:])) * size + LETTERS.index(name[0])


def safe_points(board, size, strings):
    """The stones of uncapturable strings, and the empty points of regions bordered only by
    uncapturable strings of one colour."""
    safe_stone = {}
    for s in strings:
        if s["status"] == "uncapturable":
            for p in s["points"]:
                safe_stone[point_index(p, size)] = s["colour"]
    cells = [c for row in board.split("\n") if row for c in row.split(" ")]
    seen, enclosed = set(), 0
    for start in range(size * size):
        if cells[start] != "." or start in seen:
            continue
        region, border, stack = [], set(), [start]
        seen.add(start)
        while stack:
            p = stack.pop()
            region.append(p)
            y, x = divmod(p, size)
            for q, ok in ((p - size, y > 0), (p + size, y < size - 1), (p - 1, x > 0), (p + 1, x < size - 1)):
                if not ok:
                    continue
                if cells[q] == "." and q not in seen:
                    seen.add(q)
                    stack.append(q)
                elif cells[q] != ".":
                    border.add(safe_stone.get(q, "unsafe"))
        if len(border) == 1 and "unsafe" not in border:
            enclosed += len(region)
    return len(safe_stone), enclosed


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    root = sys.argv[1]
    limit = sys.argv[2] if len(sys.argv) > 2 else "10"
    budget = sys.argv[3] if len(sys.argv) > 3 else "1000000"
    first = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    last = int(sys.argv[5]) if len(sys.argv) > 5 else 10**6
    binary = os.environ.get("GO_ORACLE", "target/release/go-oracle")
    totals = [0, 0, 0, 0, 0, 0]
    print("position\tpoints\tfuego_safe\tsafe_stones\tenclosed\tstrings\tdecided\tseconds")
    for n, (sgf, fuego) in enumerate(positions(os.path.join(root, "static_safety_fullboard.tst")), 1):
        if not first <= n <= last:
            continue
        board, size = diagram(os.path.join(root, sgf))
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
            f.write(board)
        started = time.time()
        run = subprocess.run(
            [binary, "status", "--ruleset", "j2003", "--engine", "optimized", "--time-limit", limit,
             "--budget", budget, "--json", f.name],
            capture_output=True, text=True)
        seconds = time.time() - started
        os.unlink(f.name)
        try:
            strings = json.loads(run.stdout)["engines"]["optimized"]["strings"]
        except (ValueError, KeyError):
            print(f"{os.path.basename(sgf)}\t{size * size}\t{fuego}\t?\t?\t?\t?\t{seconds:.1f}\t{run.stderr.strip()[:80]}")
            continue
        stones, enclosed = safe_points(board, size, strings)
        decided = sum(1 for s in strings if s["status"] != "undetermined")
        print(f"{os.path.basename(sgf)}\t{size * size}\t{fuego}\t{stones}\t{enclosed}\t{len(strings)}\t{decided}\t{seconds:.1f}", flush=True)
        for i, v in enumerate((size * size, fuego or 0, stones, enclosed, len(strings), decided)):
            totals[i] += v
    print("total\t" + "\t".join(str(t) for t in totals))


if __name__ == "__main__":
    main()
