#!/usr/bin/env python3
"""kiwisolver's side of the LayoutSolver benchmark (Benchmarks/LayoutSolverBench/main.swift).

Builds the same form of N rows with kiwisolver, the C++ Cassowary solver behind matplotlib, and
prints the same table: building and solving, and changing one constant (removing the spacing
constraint of the middle row and adding one with another constant) and solving again.

Each row: label.left == container.left + 20, field.left == label.left + label.width + 8,
field.left + field.width == container.right - 20 (required); label.width <= intrinsic at 250,
label.width >= intrinsic at 750; row.top == container.top + 20 + 44 × index (required; with
--chained, row.top == previous.top + 44). kiwisolver gets the
priorities as numeric strengths, which it weighs linearly as LayoutSolver does.

The times include building the constraint objects in Python, as the Swift side's include building
them in Swift; `--solver-only` also prints kiwisolver's time in add_constraint alone.

    pip install kiwisolver && python3 Benchmarks/Compare/layout_kiwi.py

With `--swift .build/release/layoutsolverbench` it also runs the Swift side (same flags) and
prints both side by side with the ratios and whether the issue's goals are met: faster than
kiwisolver at every N in both columns, and LayoutSolver's build cost per row at N = 1000 within
1.5x of N = 10.
"""

import argparse
import re
import statistics
import subprocess
import sys
import time

try:
    import kiwisolver as kiwi
except ImportError:
    sys.exit(
        "layout_kiwi.py needs kiwisolver, which is not installed: run `pip install kiwisolver` "
        "(PyPI) and try again."
    )

WIDTH = 400.0


def intrinsic_width(row):
    return 60 + (row % 7) * 5


class Form:
    def __init__(self, rows, chained):
        self.solver = kiwi.Solver()
        left = kiwi.Variable("container.left")
        right = kiwi.Variable("container.right")
        top = kiwi.Variable("container.top")
        constraints = [left == 0, right == WIDTH, top == 0]
        self.spacings, self.label_lefts, self.label_widths = [], [], []
        self.field_lefts, self.field_widths, self.tops = [], [], []
        previous_top, gap = top, 20.0
        for row in range(rows):
            label_left = kiwi.Variable(f"label{row}.left")
            label_width = kiwi.Variable(f"label{row}.width")
            field_left = kiwi.Variable(f"field{row}.left")
            field_width = kiwi.Variable(f"field{row}.width")
            row_top = kiwi.Variable(f"row{row}.top")
            intrinsic = intrinsic_width(row)
            spacing = field_left == label_left + label_width + 8
            constraints += [
                label_left == left + 20,
                spacing,
                field_left + field_width == right - 20,
                (label_width <= intrinsic) | 250.0,
                (label_width >= intrinsic) | 750.0,
                (row_top == previous_top + gap) if chained else (row_top == top + 20 + 44 * row),
            ]
            previous_top, gap = row_top, 44.0
            self.spacings.append(spacing)
            self.label_lefts.append(label_left)
            self.label_widths.append(label_width)
            self.field_lefts.append(field_left)
            self.field_widths.append(field_width)
            self.tops.append(row_top)
        self.constraints = constraints

    def add_all(self):
        for constraint in self.constraints:
            self.solver.addConstraint(constraint)
        self.solver.updateVariables()

    def set_spacing(self, spacing, row):
        self.solver.removeConstraint(self.spacings[row])
        replacement = self.field_lefts[row] == self.label_lefts[row] + self.label_widths[row] + spacing
        self.solver.addConstraint(replacement)
        self.spacings[row] = replacement
        self.solver.updateVariables()

    def check(self, row, spacing):
        expected = WIDTH - 20 - (20 + intrinsic_width(row) + spacing)
        actual = self.field_widths[row].value()
        assert abs(actual - expected) < 1e-6, f"row {row}: field width {actual}, expected {expected}"
        assert abs(self.tops[row].value() - (20 + 44 * row)) < 1e-6, f"row {row}: wrong top"


def fmt(value):
    rounded = round(value, 2)
    return str(int(round(rounded))) if rounded >= 100 else str(rounded)


def seconds(cell):
    """'0.21 ms' or '5.65 µs' from the Swift side's table, in seconds."""
    value, unit = re.fullmatch(r"([0-9.]+) (ms|µs)", cell).groups()
    return float(value) * (1e-3 if unit == "ms" else 1e-6)


def print_side_by_side(swift_rows, kiwi_rows):
    print()
    print("| N | build + solve: LayoutSolver | kiwisolver | kiwisolver ÷ LayoutSolver "
          "| change one constant: LayoutSolver | kiwisolver | kiwisolver ÷ LayoutSolver |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    faster = True
    for n in sorted(kiwi_rows):
        if n not in swift_rows:
            continue
        # The per-row column has more significant digits than the total.
        _, swift_per_row, swift_change, _ = swift_rows[n]
        swift_build = swift_per_row * n
        kiwi_build, _, kiwi_change, _ = kiwi_rows[n]
        faster = faster and swift_build < kiwi_build and swift_change < kiwi_change
        print(f"| {n} | {fmt(swift_build * 1e3)} ms | {fmt(kiwi_build * 1e3)} ms "
              f"| {kiwi_build / swift_build:.2f} "
              f"| {fmt(swift_change * 1e6)} µs | {fmt(kiwi_change * 1e6)} µs "
              f"| {kiwi_change / swift_change:.2f} |")
    smallest, largest = min(swift_rows), max(swift_rows)
    growth = swift_rows[largest][1] / swift_rows[smallest][1]
    print()
    print(f"- Faster than kiwisolver at every N, building and changing: {'yes' if faster else 'NO'}.")
    print(f"- LayoutSolver's build cost per row, N = {largest} over N = {smallest}: {growth:.2f}x "
          f"({'within' if growth <= 1.5 else 'NOT within'} 1.5x).")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--chained", action="store_true",
                        help="each row 44 points below the previous one (default: at 20 + 44 i)")
    parser.add_argument("--quick", action="store_true", help="N = 10 and 100, fewer repetitions")
    parser.add_argument("--swift", metavar="PATH",
                        help="also run this layoutsolverbench binary and print both side by side")
    parser.add_argument("--solver-only", action="store_true",
                        help="also time add_constraint alone, without building the objects")
    args = parser.parse_args()
    sizes = [10, 100] if args.quick else [10, 100, 1000]
    swift_rows = {}
    if args.swift:
        flags = [flag for flag, on in (("--quick", args.quick), ("--chained", args.chained),
                                       ("--solver-only", args.solver_only)) if on]
        output = subprocess.run([args.swift, *flags], check=True, capture_output=True,
                                text=True).stdout
        print(output)
        for line in output.splitlines():
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if len(cells) == 5 and cells[0].isdigit():
                swift_rows[int(cells[0])] = [seconds(cell) for cell in cells[1:]]

    layout = "each row below the previous one" if args.chained else "each row at its offset from the top"
    print(f"kiwisolver {kiwi.__version__} (C++, from Python): a form of N rows, 6 constraints a row, "
          f"{layout}")
    print("| N | build + solve | per row | change one constant + solve | per row |")
    print("|---:|---:|---:|---:|---:|")
    solver_only = []
    kiwi_rows = {}
    for n in sizes:
        repetitions = max(3, 2000 // n)
        builds, adds, form = [], [], None
        for _ in range(repetitions):
            form = None
            start = time.perf_counter()
            built = Form(n, args.chained)
            middle = time.perf_counter()
            built.add_all()
            end = time.perf_counter()
            builds.append(end - start)
            adds.append(end - middle)
            form = built
        for row in (0, n // 2, n - 1):
            form.check(row, 8)
        changes = 20 if args.quick else 400
        change_times = []
        for index in range(changes):
            spacing = 12.0 if index % 2 == 0 else 8.0
            start = time.perf_counter()
            form.set_spacing(spacing, n // 2)
            change_times.append(time.perf_counter() - start)
            if index < 2:
                form.check(n // 2, spacing)
        build = statistics.median(builds)
        change = statistics.median(change_times)
        solver_only.append((n, statistics.median(adds)))
        kiwi_rows[n] = [build, build / n, change, change / n]
        print(f"| {n} | {fmt(build * 1e3)} ms | {fmt(build / n * 1e6)} µs "
              f"| {fmt(change * 1e6)} µs | {fmt(change / n * 1e6)} µs |")
    if swift_rows:
        print_side_by_side(swift_rows, kiwi_rows)
    if args.solver_only:
        print()
        print("kiwisolver's add_constraint + updateVariables alone (objects built beforehand):")
        for n, add in solver_only:
            print(f"  N = {n}: {fmt(add * 1e3)} ms, {fmt(add / n * 1e6)} µs a row")


if __name__ == "__main__":
    main()
