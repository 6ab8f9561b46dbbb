"""The house plan: the rooms of `kiosk/` and `hardware/` in the design's layer order, and a walker
that finds every import going up a layer and every import circle between modules.

Data flows one way (`../shared/DESIGN.md`, Layers): inputs -> referee -> engine, outputs below the
referee, the café's network and the touchscreen above it, the command line on top. A room is a
package (`kiosk.referee`) or a lone module (`kiosk.config`); a module belongs to the longest room
that names it. A module may import its own room and the rooms below it, never one above.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

# Bottom first. Each room may import only the rooms before it (and itself).
LAYERS: tuple[str, ...] = (
    "kiosk",  # the package itself: its version
    "kiosk.i18n",  # the translation layer: everything speaks through it
    "kiosk.errors",
    "kiosk.toml_file",
    "hardware.pinmap",  # the wiring as data: the configuration checks seats against it
    "kiosk.games",  # the pure rules
    "kiosk.catalogue",  # the messages to translate, the rules data's among them
    "kiosk.bots",
    "kiosk.store",
    "kiosk.config",
    "kiosk.appliance",
    "hardware",  # the real drivers and the table they make up
    "hardware.sim",  # the simulated bottom layer, built on the drivers' interfaces
    "kiosk.seats",
    "kiosk.web",
    "kiosk.referee",
    "kiosk.fleet",
    "kiosk.ui",
    "kiosk.commands",
    "kiosk.cli",
)
ROOTS = ("kiosk", "hardware")


def module_sources(top: Path) -> dict[str, str]:
    """Every module of the project's packages under `top`, by dotted name, with its source."""
    sources = {}
    for root in ROOTS:
        for path in sorted((top / root).rglob("*.py")):
            parts = path.relative_to(top).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            sources[name] = path.read_text(encoding="utf-8")
    return sources


def imports(sources: Mapping[str, str]) -> dict[str, set[str]]:
    """Each module's imports of the project's modules, anywhere in the file (a function's too)."""
    found: dict[str, set[str]] = {}
    for name, source in sources.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.Import):
                targets.update(_known(alias.name, sources) for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    targets.add(full if full in sources else _known(node.module, sources))
        found[name] = {target for target in targets if target and target != name}
    return found


def _known(dotted: str, sources: Mapping[str, str]) -> str:
    while dotted and dotted not in sources:
        dotted = dotted.rpartition(".")[0]
    return dotted


def room(module: str) -> str:
    rooms = [r for r in LAYERS if module == r or module.startswith(r + ".")]
    if not rooms:
        raise ValueError(f"{module} is in no room of the house plan: add its room to LAYERS")
    return max(rooms, key=len)


def upward_imports(graph: Mapping[str, Iterable[str]]) -> list[str]:
    """'a (room) imports b (room above it)' for every import that climbs."""
    rank = {r: i for i, r in enumerate(LAYERS)}
    return sorted(f"{a} ({room(a)}) imports {b} ({room(b)}, above it)"
                  for a, targets in graph.items() for b in targets if rank[room(b)] > rank[room(a)])


def circles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Every import circle between modules, as the modules around it (Tarjan's strongly connected
    components of two or more modules)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)
