#!/usr/bin/env python3
"""Writes the seed corpus of the fuzz targets (docs/fuzzing.md) into corpus/parser and
corpus/evaluator: every golden case's stdin and -e arguments, the function reference's examples,
deep nesting, giant literals, long exponent towers, UTF-8 fragments and random bytes.

Usage: tests/fuzz/make_seed_corpus.py   (rewrites the seed-* files; regression-* files stay)
The generated files are committed; rerun it when golden cases are added."""

import pathlib
import random
import re
import shlex

here = pathlib.Path(__file__).resolve().parent
root = here.parent.parent
seeds = {}


def add(name, data):
    if isinstance(data, str):
        data = data.encode()
    assert name not in seeds, name
    seeds[name] = data


# Every golden case: its stdin, and its -e arguments as one program (one statement a line).
for case in sorted((root / "tests/golden/cli").glob("*.case")):
    args, stdin, section = "", [], None
    for line in case.read_text(encoding="utf-8").split("\n"):
        if line.startswith("--- "):
            section = line[4:]
            continue
        if section is None and line.startswith("args:"):
            args = line[5:]
        elif section == "stdin":
            stdin.append(line)
    if stdin and any(stdin):
        add("golden-" + case.stem, "\n".join(stdin))
    words = args.split()  # run_golden.sh splits the arguments on blanks too
    expressions = [words[i + 1] for i, w in enumerate(words[:-1]) if w == "-e"]
    if expressions:
        add("golden-" + case.stem + "-args", "\n".join(expressions) + "\n")

# The examples of the function reference (docs/functions.md), one program.
examples = re.findall(r"\| `([^`]+)` → `", (root / "docs/functions.md").read_text(encoding="utf-8"))
# Not the examples that write files (plot, table to .csv): replaying the corpus writes nothing.
examples = [e for e in examples if not re.search(r'\.(svg|csv)"', e)]
add("functions-examples", "\n".join(examples) + "\n")
add("functions-edge-arguments",
    "inv(0)\nsqrt(ω)\nroot(0, 0)\nroot(ω, 0)\npow(ω, 0x10000)\norder(0)\norder([ω^ω])\n"
    "degree([ω^(ω^2)])\nconjugates([ω^ω+1])\ntrace(ω, 0)\nnorm(2, 7)\nfield([ω^(ω^3)])\n"
    "kappa(0)\nkappa(1)\nkappa(257)\nalpha(2)\nalpha(263)\nexcess(9)\nqset(1)\nqset(0x100000)\n"
    "mex()\nmex({1, {2}}, ω)\nnim()\nnim({}, \"a\")\n")

# Deep nesting: at the limit (1000 levels) and just beyond it, for every kind of level.
for depth, tag in ((999, "at-limit"), (1001, "beyond-limit")):
    add(f"deep-parentheses-{tag}", "(" * depth + "1" + ")" * depth)
    add(f"deep-brackets-{tag}", "[" * depth + "ω" + "]" * depth)
    add(f"deep-lists-{tag}", "{" * depth + "1" + "}" * depth)
    add(f"deep-unary-minus-{tag}", "-" * depth + "ω")
    add(f"deep-star-{tag}", "*" * depth + "3")
    add(f"deep-calls-{tag}", "inv(" * depth + "2" + ")" * depth)
add("deep-mixed", "".join("([{"[i % 3] + "-+*"[i % 3] for i in range(300)) + "1" +
    "".join(")]}"[i % 3] for i in reversed(range(300))))
add("deep-unclosed", "(" * 2000)
add("deep-unopened", ")" * 2000 + "]" * 100 + "}" * 100)
# Long chains: deep trees without nesting (the tree height limit is 10 000).
add("chain-sum-at-limit", "1+" * 9999 + "1")
add("chain-sum-beyond-limit", "1+" * 10001 + "1")
add("chain-product", "ω*" * 3000 + "ω")
add("chain-division", "3/" * 3000 + "2")
add("chain-cantor-sum", "[" + "ω+" * 3000 + "1]")
add("chain-comparison", "1==" * 100 + "1")
add("chain-mixed-statements", "a=1\n" + "a=a+a*ω\n" * 300 + "a\n")

# Giant literals.
add("literal-decimal-4000", "1" + "0" * 3999)
add("literal-hex-4000", "0x" + "f" * 4000)
add("literal-binary-4000", "0b" + "1" * 4000)
add("literal-decimal-squared", "9" * 2000 + "^2")
add("literal-huge-exponent", "ω^" + "9" * 1000)
add("literal-huge-negative-exponent", "2^-" + "9" * 1000)
add("literal-result-index", "1\n%" + "9" * 50 + "\n%0\n%1\n%")
add("literal-leading-zeros", "0" * 3000 + "1\n0x" + "0" * 3000 + "\n0b\n0x\n00x1\n1e5\n")
# Word statements (the REPL's lane for `a * b` below 2^64): at and beyond 2^64, 20 and 21 digits,
# leading zeros, CRLF, `;`, every operator, and a script of them with other lines between.
add("word-at-2-to-the-64", "18446744073709551615 * 18446744073709551615\n18446744073709551616 * 1")
add("word-twenty-digits", "00000000000000000007 * 99999999999999999999\n123456789012345678901 * 2")
add("word-crlf-semicolon", " 12345678 *\t87654321 ;\r\n7\r\n")
add("word-operators", "3 + 5\n3 - 5\n3 * 5\n3 / 5\n3 ^ 5\n3 / 0\n")
add("word-script", "".join(f"{(i * 2654435761) % 2**64} * {i}\n" for i in range(200)) +
    "x = 2\n%3 * x\n1 +* 2)\n6 * 6\n")

# Long exponent towers.
# One-line statements of the lean parser (parser/src/lean_statement.hpp) and the word lane's
# expressions (repl/src/word_expression.hpp), with their near misses, which go to X3.
add("lean-expressions", "x = 5\ny = 7\nx * y + 1\n(x ⊕ 3) ⊗ y ^ 2\n-x\n*x\n+-x\nx = x ^ y;\n"
    "f(a, b)\nf()\ninv(x) * [ω]\n[ω+1]·2\n[2×3 - 1]\na <= b\n(a < b) == true\n%2 + %\n"
    "0x1F * 0b101\nω^-1\nx ^ (1 + 2)\nx ^ 2 ^ 2\n2 ** 3 ** -1\n")
add("lean-near-misses", "x[1] = 2\nf(a) = a\nsolve(x = 1)\nx = y = 1\na < b < c\n1..3\n"
    "f(1,)\nw(1)\n[-1]\n[1 / 2]\n3 · 4\n%x\n1; 2\nx = = 2\n2 * * 3\n2x\n0xfg\n"
    "(((((((((((((((((((((((((((((((((((((((((((((((((((1)))))))))))))))))))))))))))))))))))))))))))))))))))\n")
add("tower-nim-power", "2^" * 900 + "2")
add("tower-nim-power-omega", "ω^" * 900 + "3")
add("tower-double-star", "3**" * 500 + "3")
add("tower-cantor-omega", "[" + "ω^" * 500 + "ω]")
add("tower-cantor-two", "[" + "2^" * 6 + "2]")
add("tower-cantor-mixed", "[ω^(ω^2·3+1)·5 + 7]^[ω^ω]\n[(ω+1)^(ω^ω)]\n[(ω^ω+2)^100]\n"
    "[ω^(ω^ω)]\n[ω^ω^ω]\n[2^ω]\n[2^(ω+1)]\n[(ω·2)^(ω·2)]\n")
add("tower-negative-exponents", "ω^-1\n[ω^ω]^-1\n0^-1\n0^0\n(ω^-1)^-1\n2^-2^-2\nω^-(1)\n")
add("tower-field-sizes", "[ω^(ω^2)]*[ω^ω+1]\nkappa(97)*kappa(101)\norder(kappa(17))\n"
    "degree([ω^(ω^2)+ω^ω+ω+1])\n")

# UTF-8: the language's own symbols, then broken sequences.
add("utf8-operators", "ω ⊕ ω\nω ⊗ ω\n[ω · 2]\n[ω × ω]\nω · 2\nω × 2\n*ω ⊕ *3\n")
add("utf8-fragments", "ω".encode() + b"\xcf\n\xe2\x8a\n\xe2\x8a\x95\xe2\n\xc2\xb7\xc2\n\xc3\x97\xc3")
add("utf8-truncated-omega", b"\xcf")
add("utf8-truncated-circled-plus", b"1 \xe2\x8a 2")
add("utf8-overlong", b"1 \xc0\xaf 2\n\xe0\x80\x80\n\xf0\x80\x80\x80")
add("utf8-invalid-bytes", b"\xff\xfe\x80\x81 \xf8\x88\x80\x80\x80\n(\xff)\n[\xc0]\n")
add("utf8-in-string", "\"ω⊕".encode() + b"\xe2\"\n\"\\\n")
add("utf8-names", "é = 1\nxω = 2\nx\u200b = 3\nωω\nww\nomegaomega\n")
add("utf8-caret-alignment", "\t\tω ⊕ 1/0\n\t(ω⊗ω) + inv(0)\n")
add("utf8-nul-bytes", b"1\x00+2\n\x00\n")

# Random bytes, and random strings over the language's alphabet (fixed seed: reproducible).
rng = random.Random(20261201)
for i in range(8):
    add(f"random-bytes-{i}", bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))))
alphabet = ["0", "1", "2", "3", "7", "ω", "w", "omega", "x", "a", "=", "+", "-", "*", "/", "^",
            "**", "⊕", "⊗", "·", "×", "(", ")", "[", "]", "{", "}", ",", ";", "\n", " ", "%",
            "==", "<", "inv(", "sqrt(", "order(", "kappa(", "0x", "0b", "\"", "#", "true"]
for i in range(8):
    add(f"random-tokens-{i}", "".join(rng.choice(alphabet) for _ in range(rng.randrange(5, 120))))

for target in ("parser", "evaluator"):
    directory = here / "corpus" / target
    directory.mkdir(parents=True, exist_ok=True)
    for old in directory.glob("seed-*"):
        old.unlink()
    for name, data in seeds.items():
        (directory / ("seed-" + name)).write_bytes(data)
print(f"wrote {len(seeds)} seeds to each of corpus/parser and corpus/evaluator")
