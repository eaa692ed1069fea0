#!/usr/bin/env python3
"""tools/check_layers.py on small trees with known faults (tests/lint/fixtures/): each fault is
reported with its file, line and rule, nothing else is, and the clean tree passes, so the check
can neither pass everything nor refuse everything.

Usage: check_layers_test.py CHECKER FIXTURES
"""

import subprocess
import sys

# fixture → (exit code, the lines the checker prints on standard output, in order)
EXPECTED = {
    "clean": (0, []),
    "upward_include": (1, [
        'cas/src/arith/primes.cpp:1: #include "tower/excess_test.hpp" points up the layer order: '
        'arith may use only core, arith, not tower',
        'cas/src/core/context.cpp:2: #include "cas/kappa/alpha_table.hpp" points up the layer '
        'order: core may use only core, not kappa',
        'cas/src/core/context.cpp:2: the modules core/context, kappa/alpha_table include each '
        'other in a cycle: core/context → kappa/alpha_table (cas/src/core/context.cpp:2); '
        'kappa/alpha_table → core/context (cas/include/cas/kappa/alpha_table.hpp:2)',
    ]),
    "public_includes_private": (1, [
        'cas/include/cas/finite/nimber.hpp:2: the public header includes the private header '
        'cas/src/finite/nimber_access.hpp: public headers use public headers only',
    ]),
    "client_includes_private": (1, [
        'parser/src/parse.cpp:2: #include "kernels/packed_field.hpp" is a private header of cas '
        '(cas/src/kernels/packed_field.hpp): parser/ uses cas\'s public headers (cas/include) only',
        'repl/src/functions.cpp:2: #include "kernels/packed_field.hpp" is a private header of cas '
        '(cas/src/kernels/packed_field.hpp): repl/ uses cas\'s public headers (cas/include) only',
    ]),
    "cycle": (1, [
        'cas/src/kernels/gf64_tables.cpp:3: the modules kernels/gf64_tables, '
        'kernels/nimber_kernels include each other in a cycle: kernels/gf64_tables → '
        'kernels/nimber_kernels (cas/src/kernels/gf64_tables.cpp:3); kernels/nimber_kernels → '
        'kernels/gf64_tables (cas/src/kernels/nimber_kernels.cpp:2)',
    ]),
    "umbrella": (1, [
        'cas/include/cas/cas.hpp:4: the umbrella header includes the private header '
        'cas/src/finite/bits.hpp: it is the public API',
        'cas/src/core/version.cpp:2: #include "cas/cas.hpp" is the umbrella header, which only '
        'users of cas include',
    ]),
    "outside_layers": (1, [
        'cas/src/core/limits.cpp:1: #include "core/missing.hpp" names no file of the tree',
        "cas/src/misc/helper.cpp:1: the file is in no layer's folder (core, arith, kernels, "
        "finite, ordinal, kappa, tower, poly, explore, games)",
    ]),
}


def main():
    checker, fixtures = sys.argv[1], sys.argv[2]
    failures = 0
    for name, (code, lines) in EXPECTED.items():
        run = subprocess.run([sys.executable, checker, "--root", f"{fixtures}/{name}"],
                             capture_output=True, text=True, check=False)
        printed = run.stdout.splitlines()
        if run.returncode != code or printed != lines:
            failures += 1
            print(f"fixture {name}: exit code {run.returncode} (expected {code}), printed:")
            print("\n".join(printed) or "(nothing)")
            print("expected:")
            print("\n".join(lines) or "(nothing)")
            print(run.stderr)
    print(f"{len(EXPECTED) - failures} of {len(EXPECTED)} fixtures as expected")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
