"""The modules of ``stoneage`` import one another without cycles, not only across the layers.

The import-linter contracts (test_layers.py) keep the layers pointing down; this test looks inside a
layer too. It counts every import grimp finds, at module level or inside a function (moving an import
into a function hides a cycle from Python, not from this test), except the ones under
``if TYPE_CHECKING:``: they never run, and annotations may name a type of the module that imports them.
"""

from __future__ import annotations

import grimp

PACKAGE = "stoneage"


def _graph() -> dict[str, set[str]]:
    graph = grimp.build_graph(PACKAGE, exclude_type_checking_imports=True, cache_dir=None)
    return {module: set(graph.find_modules_directly_imported_by(module)) for module in graph.modules}


def _strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The components of more than one module (or one importing itself), by Tarjan's algorithm, iteratively."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is None:
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
                    if len(component) > 1 or node in graph[node]:
                        found.append(sorted(component))
            elif target not in index:
                index[target] = low[target] = len(index)
                stack.append(target)
                on_stack.add(target)
                work.append((target, iter(sorted(graph[target]))))
            elif target in on_stack:
                low[node] = min(low[node], index[target])
    return found


def _cycle_through(graph: dict[str, set[str]], component: list[str]) -> list[str]:
    """A shortest cycle from the component's first module back to it, by breadth-first search."""
    start, members = component[0], set(component)
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for node in frontier:
            for target in sorted(graph[node] & members):
                if target == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(came_from[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if target not in came_from:
                    came_from[target] = node
                    following.append(target)
        frontier = following
    return [start, start]


def test_the_cycle_finder_finds_a_cycle_and_ignores_a_chain() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _strongly_connected(graph) == [["a", "b", "c"]]
    assert _cycle_through(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]
    assert _strongly_connected({"a": {"b"}, "b": set()}) == []


def test_no_module_imports_itself_through_others() -> None:
    graph = _graph()
    components = _strongly_connected(graph)
    cycles = [" -> ".join(_cycle_through(graph, c)) + f"\n  (all of: {', '.join(c)})" for c in components]
    assert not cycles, "import cycles:\n" + "\n".join(cycles)
