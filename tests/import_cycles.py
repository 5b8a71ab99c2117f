"""Circles in an import graph: the architecture tests' one finder, for the package's modules
and for the web's scripts alike."""

from __future__ import annotations

from collections.abc import Callable, Iterable


def cycles(nodes: Iterable[str], imports: Callable[[str], Iterable[str]]) -> list[list[str]]:
    """The groups of more than one node that reach each other, and the nodes that import
    themselves, each sorted (Tarjan's strongly connected components, iterative);
    ``imports(node)``: the nodes ``node`` imports directly."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(nodes):
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(sorted(imports(root))))]
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(imports(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1 or node in imports(node):
                    groups.append(sorted(group))
    return groups
