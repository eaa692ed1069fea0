#!/usr/bin/env python3
"""The layering check of cas (docs/architecture.md, issue 17).

cas is built in layers, each of which may use only itself and the layers before it:

    core < arith < kernels < finite < ordinal < kappa < tower < poly < explore < games

(kernels/avx512 is part of kernels). A layer's public headers are cas/include/cas/<layer>/, its
sources and private headers cas/src/<layer>/. This script reads every #include of the tree and
fails (exit code 1), printing FILE:LINE: and the rule, on

  - an include in cas/ that points up the layer order (public or private, by the folders of the
    including and the included file);
  - a public header that includes a private one (cas/src);
  - a file of parser/, repl/ or cas/tools/ that includes a private header of cas;
  - a quoted include in cas/ that names no file of the tree;
  - a file in cas/src or cas/include/cas outside the layers' folders;
  - a cycle between modules of cas: the file-level include graph, foo.hpp and foo.cpp of a layer
    being one module (the public cas/include/cas/<layer>/foo.hpp and cas/src/<layer>/foo.cpp too).

Usage: check_layers.py [--root DIR]   (DIR: the repository, by default the one holding this file)
"""

import argparse
import pathlib
import re
import sys

LAYERS = ["core", "arith", "kernels", "finite", "ordinal", "kappa", "tower", "poly", "explore",
          "games"]
SOURCE_SUFFIXES = {".hpp", ".cpp", ".h", ".cc"}
INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
# Programs and libraries built on cas, which see only its public headers.
CLIENT_FOLDERS = ["parser", "repl", "cas/tools"]


def source_files(folder):
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in SOURCE_SUFFIXES)


def includes_of(path):
    """(line number, bracket, included name) for each #include of the file."""
    found = []
    text = path.read_text(encoding="utf-8", errors="replace")
    for number, line in enumerate(text.splitlines(), start=1):
        match = INCLUDE.match(line)
        if match:
            found.append((number, match.group(1), match.group(2)))
    return found


class Tree:
    def __init__(self, root):
        self.root = root
        self.public = root / "cas" / "include"  # holds cas/<layer>/…
        self.private = root / "cas" / "src"  # holds <layer>/…

    def relative(self, path):
        return path.relative_to(self.root).as_posix()

    def place(self, path):
        """(layer, module, is_public) of a file of cas's layers, or None for any other file.

        The layer is the first folder below cas/src or cas/include/cas (possibly not a known
        layer); the module is the path below it without the suffix, e.g. "kernels/gf64_tables".
        """
        for base, public in ((self.public / "cas", True), (self.private, False)):
            try:
                below = path.relative_to(base)
            except ValueError:
                continue
            if len(below.parts) < 2:
                return ("", below.with_suffix("").as_posix(), public)
            return (below.parts[0], below.with_suffix("").as_posix(), public)
        return None

    def resolve(self, including, bracket, name):
        """The file of the tree an include names, or None (a system or third-party header)."""
        candidates = []
        if bracket == '"':
            candidates.append(including.parent / name)
        candidates.append(self.public / name)
        if bracket == '"':
            candidates.append(self.private / name)
        for candidate in candidates:
            if candidate.is_file():
                return candidate.resolve()
        # A public header the build generates (cas/core/version.hpp from
        # cas/src/core/version.hpp.in) counts as the public header it becomes.
        if name.startswith("cas/"):
            template = self.private / (name[len("cas/"):] + ".in")
            if template.is_file():
                return (self.public / name).resolve()
        return None


def layer_rank(layer):
    return LAYERS.index(layer) if layer in LAYERS else None


def check(root):
    tree = Tree(root.resolve())
    problems = []
    edges = {}  # module → {included module: (file, line)}

    cas_files = source_files(tree.public / "cas") + source_files(tree.private)
    umbrella = (tree.public / "cas" / "cas.hpp").resolve()
    for path in cas_files:
        layer, module, public = tree.place(path)
        where = tree.relative(path)
        if path == umbrella:  # above every layer: it includes the public API, and only that
            for line, bracket, name in includes_of(path):
                target = tree.resolve(path, bracket, name)
                placed = tree.place(target) if target is not None else None
                if placed is not None and not placed[2]:
                    problems.append(f"{where}:{line}: the umbrella header includes the private "
                                    f"header {tree.relative(target)}: it is the public API")
            continue
        if layer_rank(layer) is None:
            problems.append(f"{where}:1: the file is in no layer's folder ({', '.join(LAYERS)})")
            continue
        for line, bracket, name in includes_of(path):
            target = tree.resolve(path, bracket, name)
            if target is None:
                if bracket == '"':
                    problems.append(f"{where}:{line}: #include \"{name}\" names no file of the tree")
                continue
            target_place = tree.place(target)
            if target_place is None:
                problems.append(f"{where}:{line}: #include \"{name}\" is outside cas's layers "
                                f"({tree.relative(target)})")
                continue
            if target == umbrella:
                problems.append(f"{where}:{line}: #include \"{name}\" is the umbrella header, "
                                f"which only users of cas include")
                continue
            target_layer, target_module, target_public = target_place
            if public and not target_public:
                problems.append(f"{where}:{line}: the public header includes the private header "
                                f"{tree.relative(target)}: public headers use public headers only")
            target_rank = layer_rank(target_layer)
            if target_rank is not None and target_rank > layer_rank(layer):
                problems.append(f"{where}:{line}: #include \"{name}\" points up the layer order: "
                                f"{layer} may use only {', '.join(LAYERS[:layer_rank(layer) + 1])}, "
                                f"not {target_layer}")
            if target_module != module:
                edges.setdefault(module, {}).setdefault(target_module, (where, line))

    for folder in CLIENT_FOLDERS:
        for path in source_files(root / folder):
            where = tree.relative(path.resolve())
            for line, bracket, name in includes_of(path):
                target = tree.resolve(path, bracket, name)
                if target is None:
                    continue
                placed = tree.place(target)
                if placed is not None and not placed[2]:
                    problems.append(f"{where}:{line}: #include \"{name}\" is a private header of "
                                    f"cas ({tree.relative(target)}): {folder}/ uses cas's public "
                                    f"headers (cas/include) only")

    problems.extend(cycle_problems(edges))
    return problems


def cycle_problems(edges):
    """One problem per cycle of modules (per strongly connected component of the graph)."""
    index, low, on_stack, stack, components = {}, {}, set(), [], []
    counter = [0]

    def visit(module):  # Tarjan's algorithm, iteratively: include chains can be long
        work = [(module, iter(sorted(edges.get(module, {}))))]
        index[module] = low[module] = counter[0]
        counter[0] += 1
        stack.append(module)
        on_stack.add(module)
        while work:
            node, successors = work[-1]
            advanced = False
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = counter[0]
                    counter[0] += 1
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(edges.get(successor, {})))))
                    advanced = True
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)

    problems = []
    for component in sorted(components):
        members = set(component)
        cycle = shortest_cycle(component[0], members, edges)
        steps = []
        for a, b in zip(cycle, cycle[1:]):
            where, line = edges[a][b]
            steps.append(f"{a} → {b} ({where}:{line})")
        first_where, first_line = edges[cycle[0]][cycle[1]]
        problems.append(f"{first_where}:{first_line}: the modules {', '.join(component)} include "
                        f"each other in a cycle: " + "; ".join(steps))
    return problems


def shortest_cycle(start, members, edges):
    """The shortest path start → … → start inside one strongly connected component."""
    previous = {start: None}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for successor in sorted(edges.get(node, {})):
                if successor not in members:
                    continue
                if successor == start:
                    path = [node]
                    while previous[path[-1]] is not None:
                        path.append(previous[path[-1]])
                    return list(reversed(path)) + [start]
                if successor not in previous:
                    previous[successor] = node
                    following.append(successor)
        frontier = following
    return [start, start]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=pathlib.Path,
                        default=pathlib.Path(__file__).resolve().parent.parent)
    arguments = parser.parse_args()
    if not (arguments.root / "cas").is_dir():
        print(f"check_layers: error: {arguments.root} has no cas/ folder", file=sys.stderr)
        return 2
    problems = check(arguments.root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"check_layers: {len(problems)} problem(s); the layers are "
              f"{' < '.join(LAYERS)} (docs/architecture.md)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
